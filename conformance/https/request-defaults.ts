// Request options: the https defaults (protocol, port 443, agent) and the plain-HTTP and TLS options a request passes
// on. The candidate's client talks to a trusted server of the harness, which records what it received.
import type { ClientRequest } from 'node:http';
import { constants } from 'node:crypto';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { expect } from 'chai';
import { defineCases, type CaseContext } from '../case.js';
import { method, returnedBy } from '../kit.js';
import type { TrustedServer } from '../trusted-peer-handles.js';
import { attempted, call, completedHandshakes, exchange, observe, send, trustedServer, uses, watchGlobalAgent, type HttpsAgent } from './_util.js';

type ConnectionOptions = tls.ConnectionOptions & { port?: number | string | null; host?: string | null };

/**
 * An Agent of the candidate whose createConnection records the options it is given and connects to the trusted
 * server instead, so a request for port 443 can be observed without a privileged port.
 */
async function redirectingAgent(ctx: CaseContext, server: TrustedServer, seen: ConnectionOptions[]): Promise<HttpsAgent> {
  const certs = await ctx.fixtures.certificates();
  class Redirecting extends ctx.https.Agent {
    override createConnection(options: ConnectionOptions): Duplex {
      seen.push({ ...options });
      const socket = tls.connect({ ...options, host: '127.0.0.1', port: server.port, servername: 'localhost', ca: certs.ca.cert.bytes });
      ctx.defer(() => socket.destroy());
      return socket;
    }
  }
  const agent = returnedBy(() => new Redirecting(), 'new (a subclass of https.Agent)()', 'https.Agent');
  ctx.defer(() => agent.destroy?.());
  return agent;
}

export const requestDefaultCases = defineCases('https', [
  {
    id: 'https.request.default-port-443',
    rules: ['https.request.default-port', 'https.agent.create-connection-override', 'https.agent.passed-as-agent-option'],
    apis: ['https.request', 'https.Agent'],
    async run(ctx) {
      uses(ctx, 'request', 'Agent');
      const server = await trustedServer(ctx);
      const seen: ConnectionOptions[] = [];
      const agent = await redirectingAgent(ctx, server, seen);
      await exchange(ctx, (done) => send(ctx)({ host: 'localhost', path: '/', agent }, done));
      expect(seen.map((options) => Number(options.port)), 'port given to createConnection').to.deep.equal([443]);
    },
  },
  {
    id: 'https.request.default-port-443-for-url-without-port',
    // The port is observed through the agent's createConnection, so the case exercises those rules too: a client that
    // ignores the override (a Worker's) fails them, not only the default port.
    rules: ['https.request.default-port', 'https.agent.create-connection-override', 'https.agent.passed-as-agent-option'],
    apis: ['https.request', 'https.Agent'],
    async run(ctx) {
      uses(ctx, 'request', 'Agent');
      const server = await trustedServer(ctx);
      const seen: ConnectionOptions[] = [];
      const agent = await redirectingAgent(ctx, server, seen);
      await exchange(ctx, (done) => send(ctx)('https://localhost/x', { agent }, done));
      expect(seen.map((options) => Number(options.port)), 'port given to createConnection').to.deep.equal([443]);
    },
  },
  {
    id: 'https.request.default-protocol-https',
    rules: ['https.request.default-protocol'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      // The protocol is the one the client opens the connection with: a TLS ClientHello, whatever becomes of the
      // handshake and the request after it (other rules' matter).
      const attempt = await attempted(ctx, (done) => send(ctx)({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent: false }, done));
      const { connections } = await observe(ctx, server);
      if (connections.length === 0 && attempt.failure) throw attempt.failure;
      expect(connections.map((connection) => connection.tlsStarted), 'connections the TLS-only server saw open with a TLS handshake record').to.deep.equal([true]);
    },
  },
  {
    id: 'https.request.agent-false-opens-own-connection',
    rules: ['https.request.agent-false'],
    async run(ctx) {
      uses(ctx, 'request', 'globalAgent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const global = watchGlobalAgent(ctx, { required: false });
      const options = { host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent: false as const };
      await exchange(ctx, (done) => send(ctx)(options, done));
      await exchange(ctx, (done) => send(ctx)(options, done));
      expect((await observe(ctx, server)).connections.length, 'connections the server accepted for two agent: false requests').to.equal(2);
      // And none went through globalAgent, where its createConnection shows it (the connection count above is the rule).
      expect(global.connections() ?? 0, 'connections globalAgent made for agent: false requests').to.equal(0);
    },
  },
  {
    id: 'https.request.http-options-method-path-headers',
    rules: ['https.request.http-options'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      await exchange(ctx, (done) => {
        const req = call(ctx, 'request')({ host: 'localhost', port: server.port, method: 'DELETE', path: '/thing?id=7', headers: { 'x-custom': 'yes' }, ca: certs.ca.cert.bytes, agent: false }, done);
        method(req, 'end', 'ClientRequest')();
        return req;
      });
      const [request] = (await observe(ctx, server)).requests;
      expect({ method: request?.method, url: request?.url, custom: request?.headers['x-custom'] }, 'the request the server received').to.deep.equal({
        method: 'DELETE',
        url: '/thing?id=7',
        custom: 'yes',
      });
    },
  },
  {
    id: 'https.request.tls-options-reach-connection',
    rules: ['https.request.tls-options'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      // Each option alone on a connection of its own, with a value whose effect the server sees and which is not what
      // the connection would get without it: TLS 1.3 and, in TLS 1.2, ECDHE-RSA-AES128-GCM-SHA256 (the first choice of
      // both ends' default lists) are what a client ignoring the option would negotiate. Negotiated in the handshake:
      // judged there, whatever became of the request afterwards.
      const cipher = 'ECDHE-RSA-AES256-GCM-SHA384';
      const probes: readonly { readonly given: string; readonly options: Record<string, unknown>; readonly expected: { protocol: string; cipher?: string } }[] = [
        { given: `maxVersion TLSv1.2 and ciphers ${cipher}`, options: { maxVersion: 'TLSv1.2', ciphers: cipher }, expected: { protocol: 'TLSv1.2', cipher } },
        { given: "secureProtocol 'TLSv1_2_method'", options: { secureProtocol: 'TLSv1_2_method' }, expected: { protocol: 'TLSv1.2' } },
        { given: 'secureOptions SSL_OP_NO_TLSv1_3', options: { secureOptions: constants.SSL_OP_NO_TLSv1_3 }, expected: { protocol: 'TLSv1.2' } },
      ];
      for (const { given, options, expected } of probes) {
        const server = await trustedServer(ctx);
        const attempt = await attempted(ctx, (done) =>
          send(ctx)({ host: '127.0.0.1', servername: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent: false, ...options }, done),
        );
        const [connection] = completedHandshakes(await observe(ctx, server), attempt);
        const seen = { protocol: connection?.protocol, ...(expected.cipher === undefined ? {} : { cipher: connection?.cipher }) };
        expect(seen, `what the server negotiated with ${given}`).to.deep.equal(expected);
      }
    },
  },
  {
    id: 'https.request.high-water-mark-reaches-socket',
    rules: ['https.request.high-water-mark'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      // highWaterMark is a request option since v14.1.0 that the type declarations lack.
      const options = { host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, highWaterMark: 1234, agent: false as const };
      const reply = await exchange(ctx, (done) => send(ctx)(options, done));
      expect(reply.socket?.readableHighWaterMark, 'readableHighWaterMark of the connection').to.equal(1234);
    },
  },
]);
