import { expect } from 'chai';
import { X509Certificate, createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { mintCertificates, type CertificateSet, type Credential } from '../../conformance/https/certificates.js';

describe('https certificate minting', function () {
  this.timeout(20000);
  let dir: string;
  let certs: CertificateSet;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-mint-test-'));
    certs = await mintCertificates(dir);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const x509 = (credential: Credential): X509Certificate => new X509Certificate(credential.cert.pem);
  const credentials = (): Credential[] => [certs.ca, certs.server, certs.otherCa, certs.otherServer, certs.expired, certs.wrongName, certs.client];

  it('keeps everything in a private directory, files readable by the owner only', async () => {
    expect((await stat(dir)).mode & 0o777).to.equal(0o700);
    const files = await readdir(dir);
    expect(files.length).to.be.greaterThan(0);
    for (const file of files) expect((await stat(join(dir, file))).mode & 0o777, file).to.equal(0o600);
  });

  it('writes the PEM and PKCS#12 contents it returns', async () => {
    for (const credential of credentials()) {
      expect(await readFile(credential.cert.path, 'utf8')).to.equal(credential.cert.pem);
      expect(await readFile(credential.key.path, 'utf8')).to.equal(credential.key.pem);
    }
    expect((await readFile(certs.pfx.path)).equals(certs.pfx.data)).to.equal(true);
  });

  it('pairs every certificate with its private key', () => {
    for (const credential of credentials()) {
      const fromKey = createPublicKey(createPrivateKey(credential.key.pem)).export({ type: 'spki', format: 'der' });
      const fromCert = x509(credential).publicKey.export({ type: 'spki', format: 'der' });
      expect(fromKey.equals(fromCert), credential.commonName).to.equal(true);
    }
  });

  it('issues the server, expired, wrong-name and client certificates from the CA, the other server from the other CA', () => {
    for (const leaf of [certs.server, certs.expired, certs.wrongName, certs.client]) expect(x509(leaf).checkIssued(x509(certs.ca)), leaf.commonName).to.equal(true);
    expect(x509(certs.otherServer).checkIssued(x509(certs.otherCa))).to.equal(true);
    expect(x509(certs.otherServer).checkIssued(x509(certs.ca))).to.equal(false);
    expect(x509(certs.ca).ca).to.equal(true);
    expect(x509(certs.server).ca).to.equal(false);
  });

  it('names localhost and 127.0.0.1 in the server certificates, and neither in the wrong-name one', () => {
    for (const server of [certs.server, certs.otherServer, certs.expired]) {
      expect(x509(server).checkHost('localhost')).to.equal('localhost');
      expect(x509(server).checkIP('127.0.0.1')).to.equal('127.0.0.1');
    }
    expect(x509(certs.wrongName).checkHost('localhost')).to.equal(undefined);
    expect(x509(certs.wrongName).checkIP('127.0.0.1')).to.equal(undefined);
  });

  it('makes the expired certificate expired and the others valid now', () => {
    const now = Date.now();
    expect(Date.parse(x509(certs.expired).validTo)).to.be.lessThan(now);
    for (const credential of credentials().filter((c) => c !== certs.expired)) {
      expect(Date.parse(x509(credential).validFrom), credential.commonName).to.be.lessThan(now);
      expect(Date.parse(x509(credential).validTo), credential.commonName).to.be.greaterThan(now);
    }
  });

  it('marks server and client certificates for their purposes', () => {
    expect(x509(certs.server).keyUsage).to.include('1.3.6.1.5.5.7.3.1');
    expect(x509(certs.client).keyUsage).to.include('1.3.6.1.5.5.7.3.2');
  });

  it('makes PKCS#12 bundles that open with their passphrase only', () => {
    expect(() => tls.createSecureContext({ pfx: certs.pfx.data, passphrase: certs.pfx.passphrase })).to.not.throw();
    expect(() => tls.createSecureContext({ pfx: certs.clientPfx.data, passphrase: certs.clientPfx.passphrase })).to.not.throw();
    expect(() => tls.createSecureContext({ pfx: certs.pfx.data, passphrase: `${certs.pfx.passphrase}x` })).to.throw();
  });

  it('mints a fresh set each time', async () => {
    const other = await mkdtemp(join(tmpdir(), 'rtconf-mint-test-'));
    try {
      const again = await mintCertificates(other);
      expect(again.ca.cert.pem).to.not.equal(certs.ca.cert.pem);
      expect(again.server.key.pem).to.not.equal(certs.server.key.pem);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});
