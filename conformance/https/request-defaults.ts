// Request options: the https defaults (protocol, port 443, agent) and the plain-HTTP and TLS options a request passes on.
import type { ClientRequest } from 'node:http';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import type { CertificateSet } from './certificates.js';
import { exchange, startServer } from './_util.js';

type ConnectionOptions = tls.ConnectionOptions & { port?: number | string | null; host?: string | null };

/**
 * An Agent of the candidate whose createConnection records the options it is given and connects to the case's
 * server instead, so a request for port 443 can be observed without a privileged port.
 */
function redirectingAgent(ctx: CaseContext, certs: CertificateSet, port: number, seen: ConnectionOptions[]): InstanceType<CaseContext['https']['Agent']> {
  class Redirecting extends ctx.https.Agent {
    override createConnection(options: ConnectionOptions): Duplex {
      seen.push({ ...options });
      const socket = tls.connect({ ...options, host: '127.0.0.1', port, servername: 'localhost', ca: certs.ca.cert.pem });
      ctx.defer(() => socket.destroy());
      return socket;
    }
  }
  return new Redirecting();
}

/** The agent a request went to (a documented ClientRequest property the type declarations leave out). */
function agentOf(req: ClientRequest): unknown {
  return (req as ClientRequest & { agent?: unknown }).agent;
}

export const requestDefaultCases = [
  defineCase({
    id: 'https.request.default-port-443',
    module: 'https',
    rules: ['https.request.default-port', 'https.agent.create-connection-override', 'https.agent.passed-as-agent-option'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let hostHeader: string | undefined;
      const { port } = await startServer(ctx, ctx.https, certs, (req, res) => {
        hostHeader = req.headers.host;
        res.end('redirected');
      });
      const seen: ConnectionOptions[] = [];
      const agent = redirectingAgent(ctx, certs, port, seen);
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', path: '/', agent }, done));
      expect(reply.body, 'answer through the overridden createConnection').to.equal('redirected');
      expect(seen.map((options) => Number(options.port)), 'port given to createConnection').to.deep.equal([443]);
      // The default port is left out of the Host header, as for any request to its scheme's default port.
      expect(hostHeader, 'Host header').to.equal('localhost');
    },
  }),
  defineCase({
    id: 'https.request.default-port-443-for-url-without-port',
    module: 'https',
    rules: ['https.request.default-port'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      const seen: ConnectionOptions[] = [];
      const agent = redirectingAgent(ctx, certs, port, seen);
      await exchange((done) => ctx.https.get('https://localhost/x', { agent }, done));
      expect(seen.map((options) => Number(options.port)), 'port given to createConnection').to.deep.equal([443]);
    },
  }),
  defineCase({
    id: 'https.request.default-protocol-https',
    module: 'https',
    rules: ['https.request.default-protocol'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let secure = 0;
      const { server, port } = await startServer(ctx, ctx.https, certs);
      server.on('secureConnection', () => (secure += 1));
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }, done));
      expect((reply.request as ClientRequest & { protocol?: string }).protocol, 'request.protocol').to.equal('https:');
      expect(secure, 'TLS connections the server accepted').to.equal(1);
      expect(reply.tls.encrypted, 'response socket is a TLS socket').to.equal(true);
    },
  }),
  defineCase({
    id: 'https.request.agent-false-opens-own-connection',
    module: 'https',
    rules: ['https.request.agent-false'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let connections = 0;
      const { server, port } = await startServer(ctx, ctx.https, certs);
      server.on('secureConnection', () => (connections += 1));
      const options = { host: 'localhost', port, ca: certs.ca.cert.pem, agent: false as const };
      const first = await exchange((done) => ctx.https.get(options, done));
      const second = await exchange((done) => ctx.https.get(options, done));
      expect(connections, 'connections for two agent: false requests').to.equal(2);
      expect(agentOf(first.request), 'agent of an agent: false request').to.not.equal(ctx.https.globalAgent);
      expect(agentOf(first.request), 'agents of two agent: false requests').to.not.equal(agentOf(second.request));
      const pooled = Object.keys({ ...ctx.https.globalAgent.sockets, ...ctx.https.globalAgent.freeSockets }).filter((name) => name.includes(`:${port}:`));
      expect(pooled, 'global agent pools for this server').to.deep.equal([]);
    },
  }),
  defineCase({
    id: 'https.request.http-options-method-path-headers',
    module: 'https',
    rules: ['https.request.http-options'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs, (req, res) => res.end(`${req.method} ${req.url} ${req.headers['x-custom']}`));
      const reply = await exchange((done) =>
        ctx.https.request({ host: 'localhost', port, method: 'DELETE', path: '/thing?id=7', headers: { 'x-custom': 'yes' }, ca: certs.ca.cert.pem, agent: false }, done).end(),
      );
      expect(reply.body).to.equal('DELETE /thing?id=7 yes');
    },
  }),
  defineCase({
    id: 'https.request.tls-options-reach-connection',
    module: 'https',
    rules: ['https.request.tls-options'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      const cipher = 'ECDHE-RSA-AES128-GCM-SHA256';
      const reply = await exchange((done) =>
        ctx.https.get({ host: '127.0.0.1', servername: 'localhost', port, ca: certs.ca.cert.pem, maxVersion: 'TLSv1.2', ciphers: cipher, agent: false }, done),
      );
      expect(reply.tls.protocol, 'protocol with maxVersion TLSv1.2').to.equal('TLSv1.2');
      expect(reply.tls.cipher, 'cipher with ciphers option').to.equal(cipher);
    },
  }),
  defineCase({
    id: 'https.request.high-water-mark-reaches-socket',
    module: 'https',
    rules: ['https.request.high-water-mark'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      // highWaterMark is a request option since v14.1.0 that the type declarations lack.
      const options = { host: 'localhost', port, ca: certs.ca.cert.pem, highWaterMark: 1234, agent: false as const };
      const reply = await exchange((done) => ctx.https.get(options as import('node:https').RequestOptions, done));
      expect(reply.socket.readableHighWaterMark, 'readableHighWaterMark of the connection').to.equal(1234);
    },
  }),
];
