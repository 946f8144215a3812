// https.globalAgent: an https Agent, used by requests that name none, with keep-alive on and a 5 s socket timeout.
// The candidate's client talks to a trusted server of the harness, which counts the connections.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { expect } from 'chai';
import { CaseFailure, defineCases, type CaseContext } from '../case.js';
import { describeThrown, within } from '../kit.js';
import { EXCHANGE_LIMIT_MS, call, exchange, newAgent, observe, trustedServer, uses, type HttpsAgent } from './_util.js';

/** Destroys the global agent's sockets to `port` when the case ends, so no case leaves pooled connections behind. */
function releaseGlobalSockets(ctx: CaseContext, port: number): void {
  ctx.defer(() => {
    const { sockets, freeSockets } = ctx.https.globalAgent;
    for (const pool of [sockets, freeSockets]) {
      for (const [name, list] of Object.entries(pool ?? {})) if (name.includes(`:${port}:`)) for (const socket of list ?? []) socket.destroy();
    }
  });
}

export const globalAgentCases = defineCases('https', [
  {
    id: 'https.global-agent.is-an-agent',
    rules: ['https.global-agent.instance'],
    run(ctx) {
      uses(ctx, 'Agent', 'globalAgent');
      const agent = ctx.https.globalAgent as HttpsAgent & { defaultPort?: unknown; protocol?: unknown };
      expect(agent, 'globalAgent').to.be.instanceOf(ctx.https.Agent);
      // An https Agent, not a plain-HTTP one that the module's Agent happens to be: it fills in the https defaults.
      expect({ protocol: agent.protocol, defaultPort: agent.defaultPort }, 'protocol and defaultPort of globalAgent').to.deep.equal({ protocol: 'https:', defaultPort: 443 });
    },
  },
  {
    id: 'https.global-agent.used-when-no-agent-named',
    rules: ['https.global-agent.default-for-requests'],
    async run(ctx) {
      uses(ctx, 'get', 'globalAgent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      releaseGlobalSockets(ctx, server.port);
      const reply = await exchange(ctx, (done) => call(ctx, 'get')({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem }, done));
      const agent = (reply.request as { agent?: unknown }).agent;
      const pooled = Object.entries(ctx.https.globalAgent.freeSockets ?? {}).filter(([name]) => name.includes(`:${server.port}:`)).flatMap(([, list]) => list ?? []);
      // Either shows it: the request names globalAgent as its agent, or its connection went back to globalAgent's pool.
      if (agent !== ctx.https.globalAgent && !pooled.includes(reply.socket)) {
        throw new CaseFailure('a request without an agent option did not go through globalAgent', { expected: 'request.agent === globalAgent', actual: agent });
      }
    },
  },
  {
    id: 'https.global-agent.keeps-connection-alive',
    rules: ['https.global-agent.keep-alive'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent', 'globalAgent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      releaseGlobalSockets(ctx, server.port);
      const get = call(ctx, 'get');
      const options = { host: 'localhost', port: server.port, ca: certs.ca.cert.pem };
      await exchange(ctx, (done) => get(options, done));
      await exchange(ctx, (done) => get(options, done));
      expect((await observe(ctx, server)).connections.length, 'connections the server accepted for two requests through globalAgent').to.equal(1);
      // A default-constructed Agent does not keep connections alive.
      const plain = newAgent(ctx);
      await exchange(ctx, (done) => get({ ...options, agent: plain }, done));
      await exchange(ctx, (done) => get({ ...options, agent: plain }, done));
      expect((await observe(ctx, server)).connections.length - 1, 'connections for two requests through new Agent()').to.equal(2);
    },
  },
  {
    id: 'https.global-agent.socket-timeout-5000',
    rules: ['https.global-agent.timeout'],
    async run(ctx) {
      uses(ctx, 'get', 'Agent', 'globalAgent');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      releaseGlobalSockets(ctx, server.port);
      const get = call(ctx, 'get');
      /** The idle timeout of the request's socket when the response arrives (before the pool adjusts it). */
      const timeoutOf = async (agent?: HttpsAgent): Promise<unknown> => {
        let req: ReturnType<typeof get> | undefined;
        const seen = new Promise<unknown>((resolve, reject) => {
          req = get({ host: 'localhost', port: server.port, ca: certs.ca.cert.pem, ...(agent ? { agent } : {}) }, (res: IncomingMessage) => {
            resolve((res.socket as Socket & { timeout?: number }).timeout);
            res.resume();
          });
          req.on('error', (error) => reject(new CaseFailure(`the request failed: ${describeThrown(error)}`, { expected: 'a response', actual: describeThrown(error) })));
        });
        try {
          return await within(ctx, seen, EXCHANGE_LIMIT_MS, 'a response');
        } finally {
          req?.destroy();
        }
      };
      expect(await timeoutOf(), 'socket timeout through globalAgent').to.equal(5000);
      expect((await timeoutOf(newAgent(ctx))) ?? 0, 'socket timeout through new Agent()').to.equal(0);
    },
  },
]);
