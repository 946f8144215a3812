// Closing an https.Server: close(), [Symbol.asyncDispose](), closeAllConnections() and closeIdleConnections().
import { once } from 'node:events';
import { connect } from 'node:net';
import { expect } from 'chai';
import { CaseFailure, defineCase } from '../case.js';
import { exchange, failure, nextEvent, startServer, until, within } from './_util.js';

/** Resolves true when a TCP connection to the port is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

export const serverCloseCases = [
  defineCase({
    id: 'https.server.close-returns-server',
    module: 'https',
    rules: ['https.server.close-returns-server'],
    async run(ctx) {
      const { server } = await startServer(ctx, ctx.https, await ctx.fixtures.certificates());
      const closed = once(server, 'close');
      expect(server.close(), 'server.close()').to.equal(server);
      await within(closed, 3000, "the server's 'close' event");
    },
  }),
  defineCase({
    id: 'https.server.close-calls-back-once-closed',
    module: 'https',
    rules: ['https.server.close-callback', 'https.server.listen'],
    async run(ctx) {
      const { server, port } = await startServer(ctx, ctx.https, await ctx.fixtures.certificates());
      const error = await within(new Promise<unknown>((resolve) => server.close(resolve)), 3000, 'the close callback');
      expect(error ?? undefined, 'close callback argument').to.equal(undefined);
      expect(server.listening, 'server.listening in the close callback').to.equal(false);
      expect(await refused(port), 'a new connection is refused').to.equal(true);
    },
  }),
  defineCase({
    id: 'https.server.close-closes-idle-keep-alive-connections',
    module: 'https',
    rules: ['https.server.close-callback'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { server, port } = await startServer(ctx, ctx.https, certs);
      const agent = new ctx.https.Agent({ keepAlive: true });
      ctx.defer(() => agent.destroy());
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
      // A plain-HTTP server's close() also ends idle keep-alive connections, so the callback comes without waiting for them.
      const closed = within(new Promise((resolve) => server.close(resolve)), 3000, 'the close callback');
      await Promise.all([nextEvent(reply.socket, 'close', 3000), closed]);
    },
  }),
  defineCase({
    id: 'https.server.async-dispose-calls-close',
    module: 'https',
    rules: ['https.server.async-dispose-calls-close'],
    async run(ctx) {
      const { server } = await startServer(ctx, ctx.https, await ctx.fixtures.certificates());
      let calls = 0;
      const close = server.close;
      server.close = function patchedClose(this: typeof server, ...args: Parameters<typeof close>) {
        calls += 1;
        return close.apply(this, args);
      } as typeof close;
      await within(server[Symbol.asyncDispose](), 3000, 'the [Symbol.asyncDispose]() promise fulfilling');
      expect(calls, 'calls of server.close by [Symbol.asyncDispose]()').to.equal(1);
    },
  }),
  defineCase({
    id: 'https.server.async-dispose-fulfils-after-close',
    module: 'https',
    rules: ['https.server.async-dispose-resolves-when-closed'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      // A busy connection keeps a closing server open: the promise must wait for it.
      let respond: (() => void) | undefined;
      const { server, port } = await startServer(ctx, ctx.https, certs, (_req, res) => {
        respond = () => res.end('late');
      });
      const pending = exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }, done));
      await until(() => respond !== undefined, 3000, 'the request reaching the server');
      let closeEmitted = false;
      server.once('close', () => (closeEmitted = true));
      let settled = false;
      const disposed = server[Symbol.asyncDispose]().then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (settled) throw new CaseFailure('[Symbol.asyncDispose]() fulfilled while a request was still open', { expected: 'pending', actual: 'fulfilled' });
      respond?.();
      await pending;
      await within(disposed, 3000, 'the [Symbol.asyncDispose]() promise fulfilling');
      expect({ closeEmitted, listening: server.listening }, 'state when the promise fulfilled').to.deep.equal({ closeEmitted: true, listening: false });
    },
  }),
  defineCase({
    id: 'https.server.close-all-connections-drops-busy-and-idle',
    module: 'https',
    rules: ['https.server.close-all-connections'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { server, port } = await startServer(ctx, ctx.https, certs, (req, res) => {
        if (req.url !== '/hang') res.end('ok');
      });
      const agent = new ctx.https.Agent({ keepAlive: true, maxSockets: 1 });
      ctx.defer(() => agent.destroy());
      const idle = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
      const busyRequest = failure(() => ctx.https.get({ host: 'localhost', port, path: '/hang', ca: certs.ca.cert.pem, agent: false }));
      await nextEvent(server, 'request');
      server.closeAllConnections();
      const [busyError] = await Promise.all([busyRequest, nextEvent(idle.socket, 'close', 3000)]);
      expect(busyError, 'error of the request in flight').to.be.instanceOf(Error);
    },
  }),
  defineCase({
    id: 'https.server.close-idle-connections-spares-busy',
    module: 'https',
    rules: ['https.server.close-idle-connections'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let respond: (() => void) | undefined;
      const { server, port } = await startServer(ctx, ctx.https, certs, (req, res) => {
        if (req.url === '/hang') respond = () => res.end('late');
        else res.end('ok');
      });
      const agent = new ctx.https.Agent({ keepAlive: true, maxSockets: 1 });
      ctx.defer(() => agent.destroy());
      const idle = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
      const busy = exchange((done) => ctx.https.get({ host: 'localhost', port, path: '/hang', ca: certs.ca.cert.pem, agent: false }, done));
      await until(() => respond !== undefined, 3000, 'the request reaching the server');
      server.closeIdleConnections();
      await nextEvent(idle.socket, 'close', 3000);
      respond?.();
      expect((await busy).body, 'body of the request that was in flight').to.equal('late');
    },
  }),
];
