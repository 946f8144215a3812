// Trust: a client trusts servers chaining to its ca, rejectUnauthorized decides whether verification failures stop the
// request, and every failure (connection, verification) arrives on the request's 'error' event. The candidate's
// client talks to trusted servers of the harness presenting the run's certificates; each refusal is checked for an
// Error that does not merely say the API is missing, a TLS handshake the client began, and no request sent.
import { expect } from 'chai';
import { defineCases, type CaseContext } from '../case.js';
import type { TrustedCredential } from '../trusted-peer-handles.js';
import { call, control, exchange, failure, refusedByClient, send, trustedServer, uses } from './_util.js';

/**
 * A request with the run's ca to a trusted server presenting `credential` must be refused, while the same request to
 * a server with a valid certificate of that ca (the control) is answered.
 */
async function refusesCertificate(ctx: CaseContext, credential: TrustedCredential, what: string): Promise<void> {
  uses(ctx, 'request');
  const certs = await ctx.fixtures.certificates();
  const refusing = await trustedServer(ctx, { credential });
  const sendRequest = send(ctx);
  await refusedByClient(ctx, refusing, () => sendRequest({ host: 'localhost', port: refusing.port, ca: certs.ca.cert.bytes, agent: false }), `the request's 'error' for a server ${what}`);
  const right = await trustedServer(ctx);
  await control('the same request to a server with a valid certificate of the ca', () =>
    exchange(ctx, (done) => sendRequest({ host: 'localhost', port: right.port, ca: certs.ca.cert.bytes, agent: false }, done)),
  );
}

export const trustCases = defineCases('https', [
  {
    id: 'https.auth.ca-option-trusts-its-servers',
    rules: ['https.auth.client-ca'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const trusting = await trustedServer(ctx);
      const sendRequest = send(ctx);
      const reply = await exchange(ctx, (done) => sendRequest({ host: 'localhost', port: trusting.port, ca: certs.ca.cert.bytes, agent: false }, done));
      expect(reply.body, 'answer of a server whose certificate chains to the ca').to.equal('ok');
      // The same kind of server, but the client trusts only the unrelated CA.
      const unrelated = await trustedServer(ctx);
      await refusedByClient(ctx, unrelated, () => sendRequest({ host: 'localhost', port: unrelated.port, ca: certs.otherCa.cert.bytes, agent: false }), "the request's 'error' when the ca is unrelated");
    },
  },
  {
    id: 'https.errors.untrusted-ca-on-error-event',
    rules: ['https.errors.tls-verification-error-event', 'https.auth.reject-unauthorized'],
    run: (ctx) => refusesCertificate(ctx, 'otherServer', 'issued by a CA the client does not trust'),
  },
  {
    id: 'https.errors.expired-certificate-on-error-event',
    rules: ['https.errors.tls-verification-error-event'],
    run: (ctx) => refusesCertificate(ctx, 'expired', 'whose certificate expired'),
  },
  {
    id: 'https.errors.default-trust-store-rejects-private-ca',
    rules: ['https.errors.tls-verification-error-event'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      // The private CA is the run's second root, which nothing trusts by default: a runtime that has to be configured
      // to trust the run's own CA (a Worker, whose fetch takes no ca option) still has a private CA outside its store.
      const server = await trustedServer(ctx, { credential: 'otherServer' });
      const sendRequest = send(ctx);
      await refusedByClient(ctx, server, () => sendRequest({ host: 'localhost', port: server.port, agent: false }), "the request's 'error' without a ca option");
      const trusted = await trustedServer(ctx);
      await control('the same request, with the ca option, to a server of that ca', () =>
        exchange(ctx, (done) => sendRequest({ host: 'localhost', port: trusted.port, ca: certs.ca.cert.bytes, agent: false }, done)),
      );
    },
  },
  {
    id: 'https.auth.reject-unauthorized-false-tolerates',
    rules: ['https.auth.reject-unauthorized'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const results: Record<string, unknown> = {};
      for (const credential of ['otherServer', 'expired'] as const) {
        const server = await trustedServer(ctx, { credential });
        const reply = await exchange(ctx, (done) => send(ctx)({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, rejectUnauthorized: false, agent: false }, done));
        results[credential] = reply.body;
      }
      expect(results, 'answers with rejectUnauthorized: false from a server of an untrusted CA and one whose certificate expired').to.deep.equal({ otherServer: 'ok', expired: 'ok' });
    },
  },
  {
    id: 'https.errors.connection-refused-on-error-event',
    rules: ['https.request.connection-error-event'],
    async run(ctx) {
      uses(ctx, 'request');
      // A port that was just the trusted server's and is now closed: nothing listens there.
      const server = await trustedServer(ctx);
      await server.close();
      await failure(ctx, () => send(ctx)({ host: '127.0.0.1', port: server.port, agent: false }), "the request's 'error' when nothing listens at the port");
    },
  },
]);
