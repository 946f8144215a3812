// Trust: a client trusts servers chaining to its ca, rejectUnauthorized decides whether verification failures stop the
// request, and every failure (connection, verification) arrives on the request's 'error' event.
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import type { Credential } from './certificates.js';
import { closeServer, exchange, failure, listen } from './_util.js';

/** Starts a candidate server presenting `credential`. */
async function serverWith(ctx: CaseContext, credential: Credential): Promise<number> {
  const server = ctx.https.createServer({ key: credential.key.pem, cert: credential.cert.pem }, (_req, res) => res.end('ok'));
  return listen(ctx, server);
}

export const trustCases = [
  defineCase({
    id: 'https.auth.ca-option-trusts-its-servers',
    module: 'https',
    rules: ['https.auth.client-ca'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const port = await serverWith(ctx, certs.server);
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }, done));
      expect(reply.tls.authorized, 'socket.authorized with the right ca').to.equal(true);
      // The same server, but trusting only the unrelated CA.
      const error = await failure(() => ctx.https.get({ host: 'localhost', port, ca: certs.otherCa.cert.pem, agent: false }));
      expect(error, "'error' when the ca is unrelated").to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'https.errors.untrusted-ca-on-error-event',
    module: 'https',
    rules: ['https.errors.tls-verification-error-event', 'https.auth.reject-unauthorized'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const port = await serverWith(ctx, certs.otherServer);
      const error = await failure(() => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }));
      expect(error, "the request's 'error'").to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'https.errors.expired-certificate-on-error-event',
    module: 'https',
    rules: ['https.errors.tls-verification-error-event'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const port = await serverWith(ctx, certs.expired);
      const error = await failure(() => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }));
      expect(error, "the request's 'error'").to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'https.errors.default-trust-store-rejects-private-ca',
    module: 'https',
    rules: ['https.errors.tls-verification-error-event'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const port = await serverWith(ctx, certs.server);
      const error = await failure(() => ctx.https.get({ host: 'localhost', port, agent: false }));
      expect(error, "the request's 'error' without a ca option").to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'https.auth.reject-unauthorized-false-tolerates',
    module: 'https',
    rules: ['https.auth.reject-unauthorized'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const results: Record<string, unknown> = {};
      for (const [name, credential] of [['untrusted', certs.otherServer], ['expired', certs.expired]] as const) {
        const port = await serverWith(ctx, credential);
        const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, rejectUnauthorized: false, agent: false }, done));
        results[name] = { body: reply.body, authorized: reply.tls.authorized };
      }
      expect(results, 'requests with rejectUnauthorized: false').to.deep.equal({
        untrusted: { body: 'ok', authorized: false },
        expired: { body: 'ok', authorized: false },
      });
    },
  }),
  defineCase({
    id: 'https.errors.connection-refused-on-error-event',
    module: 'https',
    rules: ['https.request.connection-error-event'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      // A port that was just ours and is now closed: nothing listens there.
      const server = ctx.https.createServer({ key: certs.server.key.pem, cert: certs.server.cert.pem });
      const port = await listen(ctx, server);
      await closeServer(server);
      const error = await failure(() => ctx.https.get({ host: '127.0.0.1', port, agent: false }));
      expect(error, "the request's 'error'").to.be.instanceOf(Error);
      expect((error as Error & { code?: unknown }).code, 'error code').to.equal('ECONNREFUSED');
    },
  }),
];
