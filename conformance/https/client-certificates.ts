// Client certificates: the candidate's client presenting key + cert or a pfx bundle to a trusted server that asks for
// one, and the candidate's server asking for one (TLS server options) of a trusted client. A certificate is presented
// in the handshake: the client's is judged on the handshake the server completed, whatever became of the request.
import type { TLSSocket } from 'node:tls';
import { expect } from 'chai';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { within } from '../kit.js';
import { answered, attempted, completedHandshakes, observe, secureConnection, send, startServer, trustedConnection, trustedRequest, trustedServer, uses, type Attempt } from './_util.js';

/** How long a client without a certificate waits for an answer before it counts as not served. */
const UNSERVED_MS = 2000;

/** The client certificate the trusted server saw in the handshake of the request, and whether it chains to the run's CA. */
async function presented(ctx: CaseContext, server: Awaited<ReturnType<typeof trustedServer>>, attempt: Attempt): Promise<{ cn: string | null; authorized: boolean }> {
  const [connection] = completedHandshakes(await observe(ctx, server), attempt);
  return { cn: connection?.clientCertificate?.subjectCN ?? null, authorized: connection?.clientAuthorized ?? false };
}

export const clientCertificateCases = defineCases('https', [
  {
    id: 'https.auth.client-key-cert-presented',
    rules: ['https.auth.client-certificate', 'https.request.tls-options'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx, { requestCert: true });
      const attempt = await attempted(ctx, (done) =>
        send(ctx)({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, key: certs.client.key.bytes, cert: certs.client.cert.bytes, agent: false }, done),
      );
      expect(await presented(ctx, server, attempt), 'client certificate the server saw').to.deep.equal({ cn: certs.client.commonName, authorized: true });
    },
  },
  {
    id: 'https.create-server.request-cert-rejects-client-without-certificate',
    rules: ['https.create-server.tls-server-options'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, undefined, {
        requestCert: true,
        rejectUnauthorized: true,
        ca: certs.ca.cert.bytes,
      });
      // A client with a certificate of the server's ca is served …
      const withCertificate = await secureConnection(ctx, port, { clientCertificate: true });
      answered(await trustedRequest(ctx, withCertificate));
      // … one without is not served: the handshake fails, the server hangs up without answering, or it never answers.
      const without = await trustedConnection(ctx, port);
      if (!without.handshake.secure) return;
      const reply = await within(ctx, without.request({}), UNSERVED_MS, 'an answer').catch((error: unknown) => {
        if (error instanceof CaseFailure) return undefined;
        throw error;
      });
      if (reply?.ok) {
        throw new CaseFailure('a server created with requestCert and rejectUnauthorized answered a client that presented no certificate', {
          expected: 'the connection refused',
          actual: `a response with status ${reply.status}`,
        });
      }
    },
  },
  {
    id: 'https.create-server.reject-unauthorized-false-serves-client-without-certificate',
    rules: ['https.create-server.tls-server-options'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const certs = await ctx.fixtures.certificates();
      // requestCert with rejectUnauthorized: false (not the TLS server's default, true): the server asks for a
      // certificate but serves a client that presents none.
      const { port } = await startServer(ctx, undefined, { requestCert: true, rejectUnauthorized: false, ca: certs.ca.cert.bytes });
      const without = await secureConnection(ctx, port);
      answered(await trustedRequest(ctx, without));
    },
  },
  {
    id: 'https.auth.client-pfx-presented',
    rules: ['https.auth.client-certificate', 'https.request.tls-options'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx, { requestCert: true });
      const attempt = await attempted(ctx, (done) =>
        send(ctx)({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, pfx: certs.clientPfx.data, passphrase: certs.clientPfx.passphrase, agent: false }, done),
      );
      expect(await presented(ctx, server, attempt), 'client certificate the server saw').to.deep.equal({ cn: certs.client.commonName, authorized: true });
    },
  },
]);
