// Server identity: checkServerIdentity (called, accepting, rejecting), the certificate fields it receives, pinning
// by fingerprint256 and by the SHA-256 of the public key, and the standard host check. The candidate's client talks
// to trusted servers of the harness presenting the run's certificates.
import { createHash } from 'node:crypto';
import tls from 'node:tls';
import { expect } from 'chai';
import { defineCases, type CaseContext } from '../case.js';
import type { CertificateSet, Credential } from '../certificate-set.js';
import type { TrustedCredential, TrustedServer } from '../trusted-peer-handles.js';
import { call, control, exchange, failure, observe, refusedByClient, send, trustedServer, uses, type Reply } from './_util.js';

type CheckServerIdentity = (host: string, cert: tls.PeerCertificate) => Error | undefined;

/** The base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what HPKP-style pins hold. */
function pubkeyPin(credential: Credential): string {
  return createHash('sha256').update(Buffer.from(credential.spki, 'base64')).digest('base64');
}

interface Checked {
  readonly certs: CertificateSet;
  readonly server: TrustedServer;
  /** The request, which must be answered. */
  run(): Promise<Reply>;
  /** The request, which must fail; resolves with its 'error'. */
  fail(): Promise<Error>;
}

/** Requests to a trusted localhost server with the given identity check; a fresh connection every time. */
async function withCheck(ctx: CaseContext, check: CheckServerIdentity, credential: TrustedCredential = 'server'): Promise<Checked> {
  uses(ctx, 'request');
  const certs = await ctx.fixtures.certificates();
  const server = await trustedServer(ctx, { credential });
  const options = { host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent: false as const, checkServerIdentity: check };
  return {
    certs,
    server,
    run: () => exchange(ctx, (done) => send(ctx)(options, done)),
    fail: () => failure(ctx, () => send(ctx)(options)),
  };
}

/**
 * `check`, counting its calls: a pin accepts only when the client asked it, so a case that expects an answer also
 * expects the check to have been called (a client that ignores checkServerIdentity answers without pinning anything).
 */
function counted(check: CheckServerIdentity): { check: CheckServerIdentity; calls: () => number } {
  let calls = 0;
  return {
    check: (host, cert) => {
      calls++;
      return check(host, cert);
    },
    calls: () => calls,
  };
}

/** Pins by fingerprint256, after the standard host check, as the spec describes. */
const fingerprintPin = (expected: string): CheckServerIdentity => (host, cert) => {
  const standard = tls.checkServerIdentity(host, cert);
  if (standard) return standard;
  return cert.fingerprint256 === expected ? undefined : new Error(`fingerprint256 ${cert.fingerprint256} is not the pinned ${expected}`);
};

/** Pins by the base64 SHA-256 of the certificate's pubkey, after the standard host check. */
const pubkeyPinCheck = (expected: string): CheckServerIdentity => (host, cert) => {
  const standard = tls.checkServerIdentity(host, cert);
  if (standard) return standard;
  const actual = createHash('sha256').update(cert.pubkey ?? Buffer.alloc(0)).digest('base64');
  return actual === expected ? undefined : new Error(`pubkey pin ${actual} is not the pinned ${expected}`);
};

export const identityCases = defineCases('https', [
  {
    id: 'https.request.check-server-identity-gets-host-and-certificate',
    rules: ['https.request.check-server-identity-called'],
    async run(ctx) {
      const calls: Array<[string, unknown]> = [];
      const { run } = await withCheck(ctx, (host, cert) => {
        calls.push([host, cert.subject?.CN]);
        return undefined;
      });
      await run();
      // Called, each time with the host and the server's certificate (how often is left open).
      expect(calls.length, 'checkServerIdentity calls').to.be.at.least(1);
      for (const call of calls) expect(call, 'a checkServerIdentity call (host, subject.CN)').to.deep.equal(['localhost', 'localhost']);
    },
  },
  {
    id: 'https.request.check-server-identity-undefined-accepts',
    rules: ['https.request.check-server-identity-accepts'],
    async run(ctx) {
      // A check that accepts anything lets through even a server whose certificate names another host.
      const { run } = await withCheck(ctx, () => undefined, 'wrongName');
      expect((await run()).body, 'answer of the server named elsewhere.invalid').to.equal('ok');
    },
  },
  {
    id: 'https.request.check-server-identity-error-reaches-error-event',
    rules: ['https.request.check-server-identity-rejects', 'https.errors.identity-check-error-event'],
    async run(ctx) {
      const rejection = new Error('identity rejected by the case');
      const { fail, server } = await withCheck(ctx, () => rejection);
      expect(await fail(), "the request's 'error'").to.equal(rejection);
      expect((await observe(ctx, server)).requests, 'requests that reached the server').to.deep.equal([]);
    },
  },
  {
    id: 'https.request.peer-certificate-has-spec-fields',
    rules: ['https.request.peer-certificate-fields'],
    async run(ctx) {
      let seen: tls.PeerCertificate | undefined;
      const { certs, run } = await withCheck(ctx, (_host, cert) => {
        seen = cert;
        return undefined;
      });
      await run();
      const issuer = (seen as tls.DetailedPeerCertificate | undefined)?.issuerCertificate;
      expect({
        cn: seen?.subject?.CN,
        // Any byte array will do (the spec names the field, not its type): compared by content.
        pubkey: seen?.pubkey instanceof Uint8Array ? Buffer.from(seen.pubkey).toString('base64') : seen?.pubkey,
        fingerprint256: seen?.fingerprint256,
        issuerCn: issuer?.subject?.CN,
        issuerFingerprint256: issuer?.fingerprint256,
      }, 'certificate handed to checkServerIdentity').to.deep.equal({
        cn: 'localhost',
        pubkey: certs.server.spki,
        fingerprint256: certs.server.fingerprint256,
        issuerCn: certs.ca.commonName,
        issuerFingerprint256: certs.ca.fingerprint256,
      });
    },
  },
  {
    id: 'https.auth.pin-fingerprint256-accepts-right-pin',
    rules: ['https.auth.pin-fingerprint256', 'https.request.check-server-identity-accepts'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const pin = counted(fingerprintPin(certs.server.fingerprint256));
      const { run } = await withCheck(ctx, pin.check);
      expect((await run()).body).to.equal('ok');
      expect(pin.calls(), 'checkServerIdentity calls (the pin) before the answer').to.be.at.least(1);
    },
  },
  {
    id: 'https.auth.pin-fingerprint256-rejects-wrong-pin',
    rules: ['https.auth.pin-fingerprint256', 'https.errors.identity-check-error-event'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { fail } = await withCheck(ctx, fingerprintPin(certs.otherServer.fingerprint256));
      expect((await fail()).message, "message of the request's 'error'").to.match(/is not the pinned/);
    },
  },
  {
    id: 'https.auth.pin-pubkey-sha256-accepts-right-pin',
    rules: ['https.auth.pin-pubkey-sha256', 'https.request.check-server-identity-accepts'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const pin = counted(pubkeyPinCheck(pubkeyPin(certs.server)));
      const { run } = await withCheck(ctx, pin.check);
      expect((await run()).body).to.equal('ok');
      expect(pin.calls(), 'checkServerIdentity calls (the pin) before the answer').to.be.at.least(1);
    },
  },
  {
    id: 'https.auth.pin-pubkey-sha256-rejects-wrong-pin',
    rules: ['https.auth.pin-pubkey-sha256', 'https.errors.identity-check-error-event'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { fail } = await withCheck(ctx, pubkeyPinCheck(pubkeyPin(certs.otherServer)));
      expect((await fail()).message, "message of the request's 'error'").to.match(/is not the pinned/);
    },
  },
  {
    id: 'https.auth.host-check-rejects-other-name',
    rules: ['https.auth.default-host-check', 'https.errors.tls-verification-error-event'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      // Trusted CA, valid dates: only the name (elsewhere.invalid, not localhost) is wrong.
      const wrongName = await trustedServer(ctx, { credential: 'wrongName' });
      const sendRequest = send(ctx);
      await refusedByClient(ctx, wrongName, () => sendRequest({ host: 'localhost', port: wrongName.port, ca: certs.ca.cert.bytes, agent: false }), "the request's 'error' for a server named elsewhere.invalid");
      const right = await trustedServer(ctx);
      await control('the same request to a server named localhost', () => exchange(ctx, (done) => sendRequest({ host: 'localhost', port: right.port, ca: certs.ca.cert.bytes, agent: false }, done)));
    },
  },
]);
