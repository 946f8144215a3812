// Mints the TLS credentials the https cases use, once per run, into a private directory the caller owns: two
// unrelated CAs, server certificates for localhost + 127.0.0.1, an expired one, one for another name, a client
// certificate and a passphrase-protected PKCS#12 bundle.
import { constants, generateKeyPair, privateEncrypt, randomBytes } from 'node:crypto';
import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import type { CertificateSet, Credential, PfxBundle } from './certificate-set.js';

// The shapes live in certificate-set.ts (the case model needs them, not the minting); re-exported for mintCertificates' callers.
export type { CertificateSet, Credential, PemFile, PfxBundle } from './certificate-set.js';

interface KeyPair {
  readonly publicKey: forge.pki.PublicKey;
  /** PKCS#8 PEM of the private key. */
  readonly pem: string;
}

interface Issued {
  readonly cert: forge.pki.Certificate;
  readonly keys: KeyPair;
  readonly commonName: string;
}

interface LeafSpec {
  readonly commonName: string;
  readonly purpose: 'serverAuth' | 'clientAuth';
  readonly dnsNames: readonly string[];
  readonly ips: readonly string[];
  readonly notBefore: Date;
  readonly notAfter: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const generateRsa = promisify(generateKeyPair);
/** DER prefix of a PKCS#1 v1.5 DigestInfo for SHA-256; the 32-byte digest follows it. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/** RSA keys come from the runtime's native generator: pure-JS generation of 2048-bit keys takes seconds. */
async function newKeyPair(): Promise<KeyPair> {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: forge.pki.publicKeyFromPem(publicKey), pem: privateKey };
}

/**
 * A signer for forge's `certificate.sign`, which only calls `sign(md)` on the key it is given. The signature is made
 * natively (PKCS#1 v1.5 over the DigestInfo forge has hashed), because forge's pure-JS RSA takes ~50 ms per signature.
 */
function nativeSigner(keys: KeyPair): forge.pki.rsa.PrivateKey {
  const signer = {
    sign(md: forge.md.MessageDigest): string {
      const digest = Buffer.from(md.digest().getBytes(), 'binary');
      const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, digest]);
      return privateEncrypt({ key: keys.pem, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    },
  };
  return signer as unknown as forge.pki.rsa.PrivateKey;
}

/** A positive random serial number (the high bit cleared so DER does not read it as negative). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

function subject(commonName: string): forge.pki.CertificateField[] {
  return [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'rt-conformance test fixtures' },
  ];
}

function issueRoot(commonName: string, keys: KeyPair, now: number): Issued {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = new Date(now - DAY_MS);
  cert.validity.notAfter = new Date(now + 30 * DAY_MS);
  cert.setSubject(subject(commonName));
  cert.setIssuer(subject(commonName));
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(nativeSigner(keys), forge.md.sha256.create());
  return { cert, keys, commonName };
}

function issueLeaf(spec: LeafSpec, keys: KeyPair, issuer: Issued): Issued {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = spec.notBefore;
  cert.validity.notAfter = spec.notAfter;
  cert.setSubject(subject(spec.commonName));
  cert.setIssuer(issuer.cert.subject.attributes);
  const altNames = [
    ...spec.dnsNames.map((value) => ({ type: 2, value })),
    ...spec.ips.map((ip) => ({ type: 7, ip })),
  ];
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', [spec.purpose]: true },
    ...(altNames.length > 0 ? [{ name: 'subjectAltName', altNames }] : []),
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: issuer.cert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(nativeSigner(issuer.keys), forge.md.sha256.create());
  return { cert, keys, commonName: spec.commonName };
}

/** Writes a file only the owner can read; `wx` refuses to follow or reuse anything already there. */
async function writePrivate(path: string, data: string | Buffer): Promise<void> {
  await writeFile(path, data, { mode: 0o600, flag: 'wx' });
}

async function save(dir: string, name: string, issued: Issued): Promise<Credential> {
  const cert = { path: join(dir, `${name}.crt`), pem: forge.pki.certificateToPem(issued.cert) };
  const key = { path: join(dir, `${name}.key`), pem: issued.keys.pem };
  await writePrivate(cert.path, cert.pem);
  await writePrivate(key.path, key.pem);
  return { cert, key, commonName: issued.commonName };
}

function toPfx(leaf: Issued, issuer: Issued, passphrase: string): Buffer {
  // 3DES keeps the bundle readable by OpenSSL 3 without its legacy provider (RC2, forge's other choice, needs it).
  const privateKey = forge.pki.privateKeyFromPem(leaf.keys.pem);
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [leaf.cert, issuer.cert], passphrase, {
    algorithm: '3des',
    friendlyName: leaf.commonName,
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

async function savePfx(dir: string, name: string, leaf: Issued, issuer: Issued): Promise<PfxBundle> {
  const passphrase = randomBytes(12).toString('base64url');
  const data = toPfx(leaf, issuer, passphrase);
  const path = join(dir, `${name}.pfx`);
  await writePrivate(path, data);
  return { path, data, passphrase };
}

/**
 * Mints a fresh certificate set into `dir` (which the caller created and will remove).
 * @param dir an empty directory; it is made private (0700) and every file is written 0600.
 * @returns the paths and contents of every credential.
 * @example
 * const set = await mintCertificates(await mkdtemp(join(tmpdir(), 'certs-')));
 * https.createServer({ key: set.server.key.pem, cert: set.server.cert.pem });
 */
export async function mintCertificates(dir: string): Promise<CertificateSet> {
  await chmod(dir, 0o700);
  const now = Date.now();
  // Leaf certificates of the trusted CA share one key (valid X.509, and key generation is most of the minting time);
  // the unrelated server has its own so that pins of the two servers differ.
  const [caKeys, otherCaKeys, leafKeys, otherLeafKeys] = await Promise.all(Array.from({ length: 4 }, () => newKeyPair()));
  const ca = issueRoot('rt-conformance test CA', caKeys as KeyPair, now);
  const otherCa = issueRoot('rt-conformance unrelated CA', otherCaKeys as KeyPair, now);
  const current = { notBefore: new Date(now - DAY_MS), notAfter: new Date(now + 7 * DAY_MS) };
  const local = { dnsNames: ['localhost'], ips: ['127.0.0.1'] } as const;
  const server = issueLeaf({ commonName: 'localhost', purpose: 'serverAuth', ...local, ...current }, leafKeys as KeyPair, ca);
  const otherServer = issueLeaf({ commonName: 'localhost', purpose: 'serverAuth', ...local, ...current }, otherLeafKeys as KeyPair, otherCa);
  const expired = issueLeaf(
    { commonName: 'localhost', purpose: 'serverAuth', ...local, notBefore: new Date(now - 30 * DAY_MS), notAfter: new Date(now - DAY_MS) },
    leafKeys as KeyPair,
    ca,
  );
  const wrongName = issueLeaf(
    { commonName: 'elsewhere.invalid', purpose: 'serverAuth', dnsNames: ['elsewhere.invalid'], ips: [], ...current },
    leafKeys as KeyPair,
    ca,
  );
  const client = issueLeaf({ commonName: 'rt-conformance client', purpose: 'clientAuth', dnsNames: [], ips: [], ...current }, leafKeys as KeyPair, ca);

  const pfx = await savePfx(dir, 'server', server, ca);
  const clientPfx = await savePfx(dir, 'client', client, ca);

  return {
    dir,
    hosts: { dns: 'localhost', ip: '127.0.0.1' },
    ca: await save(dir, 'ca', ca),
    server: await save(dir, 'server', server),
    otherCa: await save(dir, 'other-ca', otherCa),
    otherServer: await save(dir, 'other-server', otherServer),
    expired: await save(dir, 'expired', expired),
    wrongName: await save(dir, 'wrong-name', wrongName),
    client: await save(dir, 'client', client),
    pfx,
    clientPfx,
  };
}
