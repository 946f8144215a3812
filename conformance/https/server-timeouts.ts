// Timeouts and limits of an https.Server behave as on a plain-HTTP server, and setTimeout() has its https default.
import { once } from 'node:events';
import tls from 'node:tls';
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import type { CertificateSet } from './certificates.js';
import { exchange, headerLines, listen, nextEvent, serverCredentials, startServer, within } from './_util.js';

/** A raw TLS connection to the case's server, destroyed when the case ends. */
function rawConnection(ctx: CaseContext, certs: CertificateSet, port: number): tls.TLSSocket {
  const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca: certs.ca.cert.pem });
  socket.on('error', () => undefined);
  ctx.defer(() => socket.destroy());
  return socket;
}

/** Resolves when `socket` closes; rejects if it is still open after `limitMs`. */
async function closesWithin(socket: tls.TLSSocket, limitMs: number): Promise<void> {
  await nextEvent(socket, 'close', limitMs);
}

export const serverTimeoutCases = [
  defineCase({
    id: 'https.server.set-timeout-without-msecs-is-120000',
    module: 'https',
    rules: ['https.server.set-timeout-default'],
    async run(ctx) {
      const server = ctx.https.createServer(serverCredentials(await ctx.fixtures.certificates()));
      server.setTimeout();
      expect(server.timeout, 'server.timeout after setTimeout()').to.equal(120000);
    },
  }),
  defineCase({
    id: 'https.server.set-timeout-returns-server',
    module: 'https',
    rules: ['https.server.set-timeout-returns-server'],
    async run(ctx) {
      const server = ctx.https.createServer(serverCredentials(await ctx.fixtures.certificates()));
      expect(server.setTimeout(1000), 'setTimeout(1000)').to.equal(server);
      expect(server.setTimeout(1000, () => undefined), 'setTimeout(1000, callback)').to.equal(server);
    },
  }),
  defineCase({
    id: 'https.server.set-timeout-calls-back-for-idle-socket',
    module: 'https',
    rules: ['https.server.set-timeout-applies'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { server, port } = await startServer(ctx, ctx.https, certs);
      const timedOut = new Promise<unknown>((resolve) => server.setTimeout(150, (socket: unknown) => resolve(socket)));
      expect(server.timeout, 'server.timeout after setTimeout(150, cb)').to.equal(150);
      const socket = rawConnection(ctx, certs, port);
      await once(socket, 'secureConnect');
      const started = Date.now();
      const serverSocket = await within(timedOut, 3000, 'the setTimeout callback');
      expect(Date.now() - started, 'ms until the callback').to.be.at.least(100);
      expect(serverSocket, 'callback argument').to.be.an('object');
      (serverSocket as tls.TLSSocket).destroy();
    },
  }),
  defineCase({
    id: 'https.server.timeout-destroys-idle-socket',
    module: 'https',
    rules: ['https.server.properties-as-http'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { server, port } = await startServer(ctx, ctx.https, certs);
      server.timeout = 150;
      const socket = rawConnection(ctx, certs, port);
      await once(socket, 'secureConnect');
      // Without a 'timeout' listener a plain-HTTP server destroys the idle socket.
      await closesWithin(socket, 3000);
    },
  }),
  defineCase({
    id: 'https.server.max-headers-count-setter-as-plain-http',
    module: 'https',
    rules: ['https.server.properties-as-http'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const http = await import('node:http');
      // The same limit on the candidate's https.Server and on the runtime's plain-HTTP server must have the same
      // effect (some runtimes drop the extra header lines, others refuse the request).
      let keptHttps = -1;
      const { server, port } = await startServer(ctx, ctx.https, certs, (req, res) => {
        keptHttps = Object.keys(req.headers).length;
        res.end();
      });
      server.maxHeadersCount = 5;
      let keptHttp = -1;
      const plain = http.createServer((req, res) => {
        keptHttp = Object.keys(req.headers).length;
        res.end();
      });
      plain.maxHeadersCount = 5;
      const plainPort = await listen(ctx, plain);
      const headers = headerLines(20);
      const overHttps = await exchange((done) => ctx.https.get({ host: 'localhost', port, headers, ca: certs.ca.cert.pem, agent: false }, done));
      const overHttp = await exchange((done) => http.get({ host: '127.0.0.1', port: plainPort, headers, agent: false }, done));
      expect({ status: overHttps.status, kept: keptHttps }, '20 header lines with maxHeadersCount = 5: https.Server vs plain HTTP').to.deep.equal({
        status: overHttp.status,
        kept: keptHttp,
      });
    },
  }),
  defineCase({
    id: 'https.server.headers-timeout-answers-408',
    module: 'https',
    rules: ['https.server.properties-as-http', 'https.create-server.http-server-options'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      // connectionsCheckingInterval (a plain-HTTP server option) makes the check run often enough for a short case.
      const { port } = await startServer(ctx, ctx.https, certs, undefined, {
        connectionsCheckingInterval: 50,
        headersTimeout: 300,
        requestTimeout: 600,
      });
      const socket = rawConnection(ctx, certs, port);
      await once(socket, 'secureConnect');
      let reply = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (reply += chunk));
      socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n'); // headers never finished
      await closesWithin(socket, 4000);
      expect(reply, 'what the server sent before closing').to.match(/^HTTP\/1\.1 408 /);
    },
  }),
  defineCase({
    id: 'https.server.keep-alive-timeout-closes-idle-connection',
    module: 'https',
    rules: ['https.server.properties-as-http'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { server, port } = await startServer(ctx, ctx.https, certs);
      // 200 ms instead of the default 5 s: the connection must be gone long before the default would close it.
      server.keepAliveTimeout = 200;
      const agent = new ctx.https.Agent({ keepAlive: true });
      ctx.defer(() => agent.destroy());
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
      await closesWithin(reply.socket, 3000);
    },
  }),
];
