// Closing an https.Server: close(), [Symbol.asyncDispose](), closeAllConnections() and closeIdleConnections().
// Connections come from the harness's trusted client, which observes which of them the server closes.
import { expect } from 'chai';
import { CaseFailure, defineCases } from '../case.js';
import { delay, describeValue, method, nextEvent, until, within } from '../kit.js';
import { answered, closedWithin, secureConnection, startServer, trustedConnection, trustedRequest, uses, type HttpsServer } from './_util.js';

/** The server's `[Symbol.asyncDispose]`, bound to it; a missing one fails the case. */
function asyncDispose(server: HttpsServer): () => Promise<void> {
  const dispose: unknown = (server as unknown as Record<symbol, unknown>)[Symbol.asyncDispose];
  if (typeof dispose !== 'function') {
    throw new CaseFailure('not implemented: https.Server[Symbol.asyncDispose]', { expected: 'a function', actual: describeValue(dispose) });
  }
  return () => Promise.resolve(Reflect.apply(dispose, server, []) as Promise<void>);
}

export const serverCloseCases = defineCases('https', [
  {
    id: 'https.server.close-returns-server',
    rules: ['https.server.close-returns-server'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { server } = await startServer(ctx);
      const closed = nextEvent(ctx, server, 'close', 3000);
      expect(method(server, 'close', 'https.Server')(), 'server.close()').to.equal(server);
      await closed;
    },
  },
  {
    id: 'https.server.close-calls-back-once-closed',
    rules: ['https.server.close-callback'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { server, port } = await startServer(ctx);
      const close = method(server, 'close', 'https.Server');
      const error = await within(ctx, new Promise<unknown>((resolve) => close(resolve)), 3000, 'the close callback');
      expect(error ?? undefined, 'close callback argument').to.equal(undefined);
      expect(server.listening, 'server.listening in the close callback').to.equal(false);
      const { handshake } = await trustedConnection(ctx, port);
      expect(handshake.error?.code ?? 'connected', 'a new connection to the closed server').to.equal('ECONNREFUSED');
    },
  },
  {
    id: 'https.server.close-closes-idle-keep-alive-connections',
    rules: ['https.server.close-callback'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { server, port } = await startServer(ctx);
      const idle = await secureConnection(ctx, port);
      answered(await trustedRequest(ctx, idle, { headers: [['Connection', 'keep-alive']] }));
      // A plain-HTTP server's close() also ends idle keep-alive connections, so the callback comes without waiting for them.
      const close = method(server, 'close', 'https.Server');
      const closed = within(ctx, new Promise((resolve) => close(resolve)), 3000, 'the close callback');
      await Promise.all([closedWithin(ctx, idle, 3000, 'the server closing the idle keep-alive connection'), closed]);
    },
  },
  {
    id: 'https.server.async-dispose-calls-close',
    rules: ['https.server.async-dispose-calls-close'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { server } = await startServer(ctx);
      const dispose = asyncDispose(server);
      let calls = 0;
      const close = method(server, 'close', 'https.Server');
      server.close = function patchedClose(...args: unknown[]) {
        calls += 1;
        return close(...args);
      } as typeof server.close;
      await within(ctx, dispose(), 3000, 'the [Symbol.asyncDispose]() promise fulfilling');
      expect(calls, 'calls of server.close by [Symbol.asyncDispose]()').to.equal(1);
    },
  },
  {
    id: 'https.server.async-dispose-fulfils-after-close',
    rules: ['https.server.async-dispose-resolves-when-closed'],
    async run(ctx) {
      uses(ctx, 'createServer');
      // A busy connection keeps a closing server open: the promise must wait for it.
      let respond: (() => void) | undefined;
      const { server, port } = await startServer(ctx, (_req, res) => {
        respond = () => res.end('late');
      });
      const dispose = asyncDispose(server);
      const busy = await secureConnection(ctx, port);
      // Connection: close, so that once answered the connection ends and nothing else keeps the server open.
      const pending = trustedRequest(ctx, busy, { headers: [['Connection', 'close']] });
      await until(ctx, () => respond !== undefined, 3000, 'the request reaching the server');
      let closeEmitted = false;
      method(server, 'once', 'https.Server')('close', () => (closeEmitted = true));
      let settled = false;
      const disposed = dispose().then(() => (settled = true));
      await delay(ctx, 100);
      if (settled) throw new CaseFailure('[Symbol.asyncDispose]() fulfilled while a request was still open', { expected: 'pending', actual: 'fulfilled' });
      respond?.();
      expect(answered(await pending).body, 'answer to the request that was open').to.equal('late');
      await within(ctx, disposed, 3000, 'the [Symbol.asyncDispose]() promise fulfilling');
      expect({ closeEmitted, listening: server.listening }, 'state when the promise fulfilled').to.deep.equal({ closeEmitted: true, listening: false });
    },
  },
  {
    id: 'https.server.close-all-connections-drops-busy-and-idle',
    rules: ['https.server.close-all-connections'],
    async run(ctx) {
      uses(ctx, 'createServer');
      let hanging = false;
      const { server, port } = await startServer(ctx, (req, res) => {
        if (req.url === '/hang') hanging = true;
        else res.end('ok');
      });
      const closeAll = method(server, 'closeAllConnections', 'https.Server');
      const idle = await secureConnection(ctx, port);
      answered(await trustedRequest(ctx, idle, { headers: [['Connection', 'keep-alive']] }));
      const busy = await secureConnection(ctx, port);
      const busyReply = trustedRequest(ctx, busy, { path: '/hang' });
      await until(ctx, () => hanging, 3000, 'the request reaching the server');
      closeAll();
      const [reply] = await Promise.all([busyReply, closedWithin(ctx, idle, 3000, 'the server closing the idle connection')]);
      if (reply.ok) throw new CaseFailure('the request in flight was answered although closeAllConnections() was called', { expected: 'the connection closed', actual: `a response with status ${reply.status}` });
      await closedWithin(ctx, busy, 3000, 'the server closing the busy connection');
    },
  },
  {
    id: 'https.server.close-idle-connections-spares-busy',
    rules: ['https.server.close-idle-connections'],
    async run(ctx) {
      uses(ctx, 'createServer');
      let respond: (() => void) | undefined;
      const { server, port } = await startServer(ctx, (req, res) => {
        if (req.url === '/hang') respond = () => res.end('late');
        else res.end('ok');
      });
      const closeIdle = method(server, 'closeIdleConnections', 'https.Server');
      const idle = await secureConnection(ctx, port);
      answered(await trustedRequest(ctx, idle, { headers: [['Connection', 'keep-alive']] }));
      const busy = await secureConnection(ctx, port);
      const busyReply = trustedRequest(ctx, busy, { path: '/hang' });
      await until(ctx, () => respond !== undefined, 3000, 'the request reaching the server');
      closeIdle();
      await closedWithin(ctx, idle, 3000, 'the server closing the idle connection');
      respond?.();
      expect(answered(await busyReply).body, 'answer to the request that was in flight').to.equal('late');
    },
  },
]);
