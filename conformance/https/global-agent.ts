// https.globalAgent: an https Agent, used by requests that name none, with keep-alive on and a 5 s socket timeout.
// The candidate's client talks to a trusted server of the harness, which counts the connections and sees them close;
// which agent a request went through is observed through the hook the spec gives agents, `createConnection`.
import type { Duplex } from 'node:stream';
import { expect } from 'chai';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { method, returnedBy } from '../kit.js';
import { call, exchange, newAgent, observe, observeUntil, send, trustedServer, uses, watchGlobalAgent, type HttpsAgent } from './_util.js';

/**
 * The client closes an idle pooled connection after globalAgent's socket timeout (5000 ms), timed by the trusted
 * server from the end of its response to the close: not before this …
 */
const IDLE_CLOSE_EARLIEST_MS = 4500;
/** … and by this, with room for a loaded machine's late timers. */
const IDLE_CLOSE_LATEST_MS = 8000;
/** How long the case waits to see the close: well past the latest, since it learns of it by polling, late under load. */
const IDLE_CLOSE_WAIT_MS = 15_000;

/** The control's agent timeout: well apart from the global agent's 5000 ms. */
const CONTROL_TIMEOUT_MS = 2000;

/**
 * One request to a fresh trusted server with `options` (no agent: through globalAgent), and how long its connection
 * then stayed idle before the client closed it. Timed by the server, from the end of its response (when the connection
 * went idle) to the close, as each happened: the case's own clock would start when it heard of the response and stop
 * when it heard of the close, both late by however long a loaded runtime takes to tell it.
 */
async function idleCloseMs(ctx: CaseContext, options: Record<string, unknown>): Promise<number> {
  const certs = await ctx.fixtures.certificates();
  // The server keeps idle connections far longer than 5 s, so a connection that closes was closed by the client.
  const server = await trustedServer(ctx, { keepAliveTimeoutMs: 60_000 });
  await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, ...options }, done));
  const seen = await observeUntil(ctx, server, (observed) => observed.connections.some((connection) => connection.closed), IDLE_CLOSE_WAIT_MS, 'the idle connection closing on its socket timeout');
  expect(seen.connections.length, 'connections for one request').to.equal(1);
  const idle = seen.connections[0]?.closedAfterIdleMs;
  if (typeof idle !== 'number') throw new CaseFailure('the connection closed before the server answered on it', { expected: 'an answered request, then an idle close', actual: seen.connections[0] });
  return idle;
}

export const globalAgentCases = defineCases('https', [
  {
    id: 'https.global-agent.is-an-agent',
    rules: ['https.global-agent.instance'],
    async run(ctx) {
      uses(ctx, 'Agent', 'globalAgent');
      const agent = ctx.https.globalAgent as HttpsAgent;
      expect(agent instanceof ctx.https.Agent, 'globalAgent instanceof https.Agent').to.equal(true);
      // An https Agent, not a plain-HTTP one that the module's Agent happens to be: the connections it makes (the spec
      // names createConnection as an https.Agent's way to make them) are TLS connections.
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const connect = method(agent, 'createConnection', 'https.globalAgent');
      const socket = returnedBy(() => connect({ host: '127.0.0.1', port: server.port, servername: 'localhost', ca: certs.ca.cert.bytes }), 'https.globalAgent.createConnection(options)', 'https.globalAgent') as Duplex | undefined;
      ctx.defer(() => socket?.destroy?.());
      // A plain socket says nothing by itself: a request line makes the server see what the client speaks.
      socket?.on?.('error', () => undefined);
      socket?.write?.('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      const seen = await observeUntil(ctx, server, (observed) => observed.connections.some((connection) => connection.secure || connection.failure !== null || connection.closed), 3000, 'a connection made by globalAgent.createConnection');
      const made = seen.connections.map((connection) => ({ tls: connection.tlsStarted, secure: connection.secure }));
      expect(made, 'connections globalAgent.createConnection made, as the TLS server saw them').to.deep.equal([{ tls: true, secure: true }]);
    },
  },
  {
    id: 'https.global-agent.used-when-no-agent-named',
    rules: ['https.global-agent.default-for-requests'],
    apis: ['https.request', 'https.globalAgent'],
    async run(ctx) {
      uses(ctx, 'request', 'globalAgent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const watch = watchGlobalAgent(ctx, { required: true });
      await exchange(ctx, (done) => send(ctx)({ host: 'localhost', port: server.port, ca: certs.ca.cert.bytes }, done));
      // A fresh server: no pooled connection could serve the request, so globalAgent had to make one.
      if (watch.connections() === 0) {
        throw new CaseFailure('a request without an agent option did not go through globalAgent: its createConnection was never called', {
          expected: 'globalAgent.createConnection called',
          actual: 'not called',
        });
      }
    },
  },
  {
    // globalAgent's half of the spec's contrast only; the default Agent's is https.agent.default-does-not-keep-alive.
    id: 'https.global-agent.keeps-connection-alive',
    rules: ['https.global-agent.keep-alive'],
    async run(ctx) {
      uses(ctx, 'get', 'globalAgent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      watchGlobalAgent(ctx, { required: false });
      const get = call(ctx, 'get');
      const options = { host: 'localhost', port: server.port, ca: certs.ca.cert.bytes };
      await exchange(ctx, (done) => get(options, done));
      await exchange(ctx, (done) => get(options, done));
      expect((await observe(ctx, server)).connections.length, 'connections the server accepted for two requests through globalAgent').to.equal(1);
    },
  },
  {
    id: 'https.agent.default-does-not-keep-alive',
    rules: ['https.agent.default-keep-alive-off'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const get = call(ctx, 'get');
      const plain = newAgent(ctx);
      const options = { host: 'localhost', port: server.port, ca: certs.ca.cert.bytes, agent: plain };
      await exchange(ctx, (done) => get(options, done));
      await exchange(ctx, (done) => get(options, done));
      expect((await observe(ctx, server)).connections.length, 'connections the server accepted for two requests through new Agent()').to.equal(2);
    },
  },
  {
    id: 'https.global-agent.socket-timeout-5000',
    rules: ['https.global-agent.timeout'],
    timeoutMs: 45_000,
    async run(ctx) {
      uses(ctx, 'get', 'globalAgent');
      watchGlobalAgent(ctx, { required: false });
      const idle = await idleCloseMs(ctx, {});
      expect(idle, 'ms the idle connection of globalAgent stayed open (its 5000 ms socket timeout)').to.be.within(IDLE_CLOSE_EARLIEST_MS, IDLE_CLOSE_LATEST_MS);
      // A close at 5 s is the global agent's timeout only where the runtime closes idle connections when an agent's
      // timeout says: the control, an Agent of the candidate with keep-alive and a 2 s timeout, must close its idle
      // connection at about 2 s. Where it does not (workerd closes every idle connection at 5 s, whatever the agent),
      // the global agent's 5 s cannot be told from the runtime's own, and the case is inconclusive, not a pass.
      const controlIdle = await idleCloseMs(ctx, { agent: newAgent(ctx, { keepAlive: true, timeout: CONTROL_TIMEOUT_MS }) }).catch((error: unknown) => {
        if (error instanceof CaseFailure) return error.message;
        throw error;
      });
      if (typeof controlIdle === 'string' || controlIdle < CONTROL_TIMEOUT_MS - 500 || controlIdle > CONTROL_TIMEOUT_MS + 2000) {
        const seen = typeof controlIdle === 'string' ? controlIdle : `it closed after ${controlIdle} ms`;
        throw new Error(
          `inconclusive: the global agent's idle connection closed after ${idle} ms, but the control, an Agent with keepAlive and a ${CONTROL_TIMEOUT_MS} ms timeout, did not close its own at that timeout (${seen}): the runtime closes idle connections at a time of its own, which the global agent's cannot be told from`,
        );
      }
    },
  },
]);
