// Timeouts and limits of an https.Server behave as on a plain-HTTP server, and setTimeout() has its https default.
// Connections come from the harness's trusted client, which observes when the candidate's server hangs up.
import { expect } from 'chai';
import { CaseFailure, defineCases } from '../case.js';
import { describeThrown, method, untilAborted, within } from '../kit.js';
import { answered, closedWithin, createServer, headerLines, secureConnection, serverCredentials, startServer, trustedRequest, uses } from './_util.js';

export const serverTimeoutCases = defineCases('https', [
  {
    id: 'https.server.set-timeout-without-msecs-is-120000',
    rules: ['https.server.set-timeout-default'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const server = createServer(ctx, serverCredentials(await ctx.fixtures.certificates()));
      const setTimeout = method(server, 'setTimeout', 'https.Server');
      setTimeout();
      expect(server.timeout, 'server.timeout after setTimeout()').to.equal(120000);
      // Both parameters are optional: a callback alone leaves msecs at its default (what becomes of the callback is
      // the set-timeout-applies rule's).
      setTimeout(25);
      setTimeout((): void => undefined);
      expect(server.timeout, 'server.timeout after setTimeout(25), then setTimeout(callback)').to.equal(120000);
    },
  },
  {
    id: 'https.server.set-timeout-returns-server',
    rules: ['https.server.set-timeout-returns-server'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const server = createServer(ctx, serverCredentials(await ctx.fixtures.certificates()));
      const setTimeout = method(server, 'setTimeout', 'https.Server');
      expect(setTimeout(1000), 'setTimeout(1000)').to.equal(server);
      expect(setTimeout(1000, () => undefined), 'setTimeout(1000, callback)').to.equal(server);
    },
  },
  {
    id: 'https.server.set-timeout-calls-back-for-idle-socket',
    rules: ['https.server.set-timeout-applies'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { server, port } = await startServer(ctx);
      const timedOut = new Promise<unknown>((resolve) => method(server, 'setTimeout', 'https.Server')(150, (socket: unknown) => resolve(socket)));
      expect(server.timeout, 'server.timeout after setTimeout(150, cb)').to.equal(150);
      // A connection that sends nothing after its handshake: idle from then on. Timed from before it connects, so the
      // server cannot have had the socket 150 ms however long the handshake takes.
      const started = Date.now();
      await secureConnection(ctx, port);
      const serverSocket = await within(ctx, timedOut, 3000, 'the setTimeout callback');
      expect(Date.now() - started, 'ms until the callback').to.be.at.least(100);
      expect(serverSocket, 'callback argument').to.be.an('object');
      (serverSocket as { destroy?: () => void }).destroy?.();
    },
  },
  {
    id: 'https.server.timeout-destroys-idle-socket',
    rules: ['https.server.properties-as-http'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { server, port } = await startServer(ctx);
      try {
        server.timeout = 150;
      } catch (error) {
        // A server whose timeout is a getter only (or frozen) refuses what a plain-HTTP server allows.
        throw new CaseFailure(`server.timeout = 150 threw: ${describeThrown(error)}`, { expected: 'server.timeout settable, as on a plain-HTTP server', actual: describeThrown(error) });
      }
      const connection = await secureConnection(ctx, port);
      // Without a 'timeout' listener a plain-HTTP server destroys the idle socket.
      await closedWithin(ctx, connection, 3000, 'the server closing the idle connection');
    },
  },
  {
    id: 'https.server.max-headers-count-setter-as-plain-http',
    rules: ['https.server.properties-as-http'],
    async run(ctx) {
      uses(ctx, 'createServer');
      let kept = -1;
      const { server, port } = await startServer(ctx, (req, res) => {
        kept = Object.keys(req.headers).length;
        res.end();
      });
      server.maxHeadersCount = 5;
      const reply = await trustedRequest(ctx, await secureConnection(ctx, port), { headers: headerLines(20) });
      // A plain-HTTP server with maxHeadersCount 5 keeps the first 5 header lines of 20 (Node before v22) or refuses
      // the request with 431 (Node 22 and later; the 431 can be lost on the wire when the server closes at once, but
      // the listener never sees the request); either way not all 20.
      const outcome = { status: reply.ok ? reply.status : 'no answer', kept };
      const refused = (outcome.status === 431 || outcome.status === 'no answer') && outcome.kept === -1;
      if (!(outcome.status === 200 && outcome.kept === 5) && !refused) {
        throw new CaseFailure('20 header lines with maxHeadersCount = 5 were neither cut to 5 nor refused', { expected: '{ status: 200, kept: 5 }, or refused', actual: outcome });
      }
    },
  },
  {
    id: 'https.server.headers-timeout-answers-408',
    rules: ['https.server.properties-as-http', 'https.create-server.http-server-options'],
    async run(ctx) {
      uses(ctx, 'createServer');
      // connectionsCheckingInterval (a plain-HTTP server option) makes the check run often enough for a short case.
      const { port } = await startServer(ctx, undefined, {
        connectionsCheckingInterval: 50,
        headersTimeout: 300,
        requestTimeout: 600,
      });
      const connection = await secureConnection(ctx, port);
      await untilAborted(ctx, connection.send('GET / HTTP/1.1\r\nHost: localhost\r\n')); // headers never finished
      const received = await closedWithin(ctx, connection, 4000, 'the server closing the connection whose headers never ended');
      expect(received, 'what the server sent before closing').to.match(/^HTTP\/1\.1 408 /);
    },
  },
  {
    id: 'https.server.headers-timeout-set-on-the-server-answers-408',
    rules: ['https.server.properties-as-http', 'https.create-server.http-server-options'],
    async run(ctx) {
      uses(ctx, 'createServer');
      // headersTimeout and requestTimeout set as properties of a listening server take effect as the same options do
      // (connectionsCheckingInterval, an option, makes the check run often enough for a short case: so the case cites
      // the options rule too, as headers-timeout-answers-408 does, and a server refusing that option is charged there).
      const { server, port } = await startServer(ctx, undefined, { connectionsCheckingInterval: 50 });
      server.headersTimeout = 300;
      server.requestTimeout = 600;
      const connection = await secureConnection(ctx, port);
      await untilAborted(ctx, connection.send('GET / HTTP/1.1\r\nHost: localhost\r\n')); // headers never finished
      const received = await closedWithin(ctx, connection, 4000, 'the server closing the connection whose headers never ended');
      expect(received, 'what the server sent before closing').to.match(/^HTTP\/1\.1 408 /);
    },
  },
  {
    id: 'https.server.keep-alive-timeout-closes-idle-connection',
    rules: ['https.server.properties-as-http'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { server, port } = await startServer(ctx);
      // 200 ms instead of the default 5 s: the connection must be gone long before the default would close it.
      server.keepAliveTimeout = 200;
      const connection = await secureConnection(ctx, port);
      answered(await trustedRequest(ctx, connection, { headers: [['Connection', 'keep-alive']] }));
      await closedWithin(ctx, connection, 3000, 'the server closing the idle keep-alive connection');
    },
  },
]);
