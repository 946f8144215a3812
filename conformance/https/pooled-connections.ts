// A connection an Agent keeps alive carries later requests only when it is what they ask for: a request that verifies
// the server never goes out on a connection that was not verified, one without a ca never on a connection trusted
// through one, one with a client certificate never on a connection that presented none, one with other TLS options
// never on a connection made without them. Each rule holds per request, whatever the Agent pooled; the candidate's
// client talks to a trusted server of the harness, which records which connection each request came on.
import { constants } from 'node:crypto';
import { expect } from 'chai';
import { defineCases, type CaseContext } from '../case.js';
import type { ObservedConnection, TrustedServer, TrustedServerOptions } from '../trusted-peer-handles.js';
import { exchange, failure, newAgent, observe, send, trustedServer, uses, type HttpsAgent } from './_util.js';

/** A keep-alive Agent of the candidate and a trusted server, and a way to send a request and see its connection. */
interface Pool {
  readonly agent: HttpsAgent;
  readonly server: TrustedServer;
  /** Sends a request through the Agent with these options; resolves with the connection the server received it on. */
  send(options: Record<string, unknown>): Promise<ObservedConnection>;
}

async function pool(ctx: CaseContext, serverOptions: TrustedServerOptions = {}): Promise<Pool> {
  uses(ctx, 'request', 'Agent');
  const server = await trustedServer(ctx, serverOptions);
  const agent = newAgent(ctx, { keepAlive: true });
  return {
    agent,
    server,
    async send(options) {
      await exchange(ctx, (done) => send(ctx)({ host: 'localhost', port: server.port, agent, ...options }, done));
      const seen = await observe(ctx, server);
      const last = seen.requests[seen.requests.length - 1];
      const connection = seen.connections.find((each) => each.id === last?.connection);
      if (!connection) throw new Error('inconclusive: the server recorded no connection for the request it answered');
      return connection;
    },
  };
}

/** The error of a request through the pool's Agent that must fail; no request may reach the server meanwhile. */
async function refusedThrough(ctx: CaseContext, { agent, server }: Pool, options: Record<string, unknown>, what: string): Promise<Error> {
  const before = (await observe(ctx, server)).requests.length;
  const error = await failure(ctx, () => send(ctx)({ host: 'localhost', port: server.port, agent, ...options }), what);
  expect((await observe(ctx, server)).requests.length - before, 'requests that reached the server').to.equal(0);
  return error;
}

export const pooledConnectionCases = defineCases('https', [
  {
    id: 'https.agent.verifying-request-never-reuses-an-unverified-connection',
    rules: ['https.auth.reject-unauthorized'],
    async run(ctx) {
      // A server of a CA the client does not trust: a request with rejectUnauthorized: false is answered and leaves its
      // connection in the Agent's pool; the next, which verifies (the default), must be refused all the same.
      // (A first request that fails breaks the same rule: false must tolerate the certificate.)
      const tolerant = await pool(ctx, { credential: 'otherServer' });
      await tolerant.send({ rejectUnauthorized: false });
      await refusedThrough(ctx, tolerant, {}, "the 'error' of a verifying request after a connection kept alive without verification");
      await refusedThrough(ctx, tolerant, { rejectUnauthorized: true }, "the 'error' of a request with rejectUnauthorized: true after a connection kept alive without verification");
    },
  },
  {
    id: 'https.agent.request-without-a-ca-never-reuses-a-connection-trusted-through-one',
    // The first request, with the ca, must be answered: the client-ca rule's, cited for it.
    rules: ['https.errors.tls-verification-error-event', 'https.auth.client-ca'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      // The run's CA is in no default trust store: a request without the ca option must fail verification, even after
      // one with it left a verified connection to the same server in the Agent's pool.
      const trusting = await pool(ctx);
      await trusting.send({ ca: certs.ca.cert.bytes });
      await refusedThrough(ctx, trusting, {}, "the 'error' of a request without a ca after a connection kept alive with one");
    },
  },
  {
    id: 'https.agent.request-with-a-client-certificate-never-reuses-a-connection-without-it',
    rules: ['https.auth.client-certificate'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const asking = await pool(ctx, { requestCert: true });
      const ca = certs.ca.cert.bytes;
      // A key alone presents no certificate; the key with its certificate, and then the pfx bundle, must each be
      // presented on their own connections, not on the one kept alive before them.
      const presented = async (options: Record<string, unknown>): Promise<string | null> => (await asking.send({ ca, ...options })).clientCertificate?.subjectCN ?? null;
      const seen = {
        keyAlone: await presented({ key: certs.client.key.bytes }),
        keyAndCert: await presented({ key: certs.client.key.bytes, cert: certs.client.cert.bytes }),
        nothing: await presented({}),
        pfx: await presented({ pfx: certs.clientPfx.data, passphrase: certs.clientPfx.passphrase }),
      };
      expect(seen, 'client certificate the server saw on the connection of each request, in this order').to.deep.equal({
        keyAlone: null,
        keyAndCert: certs.client.commonName,
        nothing: null,
        pfx: certs.client.commonName,
      });
    },
  },
  {
    id: 'https.agent.request-with-other-tls-options-never-reuses-a-connection-made-without-them',
    rules: ['https.request.tls-options'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const ca = certs.ca.cert.bytes;
      const tls = await pool(ctx);
      // Each request differs from the one kept alive before it in one TLS option only, with a value the server sees.
      const cipher = 'ECDHE-RSA-AES256-GCM-SHA384';
      const negotiated = async (options: Record<string, unknown>): Promise<string> => {
        const connection = await tls.send({ ca, ...options });
        return `${connection.protocol ?? '?'} ${connection.cipher ?? '?'}`;
      };
      const defaults = await negotiated({});
      const seen = {
        secureProtocol: await negotiated({ secureProtocol: 'TLSv1_2_method' }),
        secureOptions: await negotiated({ secureOptions: constants.SSL_OP_NO_TLSv1_3 }),
        maxVersion: await negotiated({ maxVersion: 'TLSv1.2' }),
        ciphers: await negotiated({ maxVersion: 'TLSv1.2', ciphers: cipher }),
      };
      expect(defaults.startsWith('TLSv1.3'), `the connection of a request with no TLS option (${defaults})`).to.equal(true);
      expect(
        Object.fromEntries(Object.entries(seen).map(([option, text]) => [option, option === 'ciphers' ? text : text.split(' ')[0]])),
        'what the server negotiated on the connection of each request, given its option on top of the one before',
      ).to.deep.equal({ secureProtocol: 'TLSv1.2', secureOptions: 'TLSv1.2', maxVersion: 'TLSv1.2', ciphers: `TLSv1.2 ${cipher}` });
    },
  },
]);
