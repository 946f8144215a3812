// The certificates a run mints for the https cases, as the cases see them: files on disk with their contents. Minting
// is the harness's (`runners/fixtures/mint-certificates.ts`); the case model and the cases need only these shapes.

/** A PEM file written to the run's certificate directory, with its contents as text and as bytes. */
export interface PemFile {
  readonly path: string;
  readonly pem: string;
  /**
   * The same PEM text as bytes (UTF-8). Cases hand credentials over in this form: the spec fixes the form only for a
   * server's key and cert (text or bytes), and bytes are what every TLS stack takes.
   */
  readonly bytes: Buffer;
}

/** A certificate with its private key. */
export interface Credential {
  readonly cert: PemFile;
  readonly key: PemFile;
  /** The subject common name the certificate was issued to. */
  readonly commonName: string;
  /** The certificate's SHA-256 fingerprint as Node writes it (`AB:CD:…`), read by the harness when it minted it. */
  readonly fingerprint256: string;
  /** The certificate's SubjectPublicKeyInfo (DER) in base64, read by the harness when it minted it. */
  readonly spki: string;
}

/** A PKCS#12 bundle of the `server` key and certificate (and the CA), protected by `passphrase`. */
export interface PfxBundle {
  readonly path: string;
  readonly data: Buffer;
  readonly passphrase: string;
}

/** Every credential a run mints, in one private directory. */
export interface CertificateSet {
  /** The directory holding every file below (mode 0700, files 0600); owned and removed by the caller. */
  readonly dir: string;
  /** The host names the server certificates are valid for. */
  readonly hosts: { readonly dns: 'localhost'; readonly ip: '127.0.0.1' };
  /** The trusted root: cases pass `ca: ca.cert.bytes` to trust it. */
  readonly ca: Credential;
  /** localhost + 127.0.0.1, issued by `ca`, valid now. */
  readonly server: Credential;
  /** A second root no case trusts by default. */
  readonly otherCa: Credential;
  /** localhost + 127.0.0.1, issued by `otherCa`, valid now: untrusted for a client trusting only `ca`. */
  readonly otherServer: Credential;
  /** localhost + 127.0.0.1, issued by `ca`, whose validity ended a day ago. */
  readonly expired: Credential;
  /** Only `elsewhere.invalid`, issued by `ca`: trusted, but not for localhost or 127.0.0.1. */
  readonly wrongName: Credential;
  /** A client-authentication certificate issued by `ca`. */
  readonly client: Credential;
  /** The `server` credential (with `ca` in its chain) as PKCS#12. */
  readonly pfx: PfxBundle;
  /** The `client` credential (with `ca` in its chain) as PKCS#12. */
  readonly clientPfx: PfxBundle;
}
