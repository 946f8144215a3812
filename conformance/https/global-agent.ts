// https.globalAgent: an Agent, used by requests that name none, with keep-alive on and a 5 s socket timeout.
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import { exchange, startServer } from './_util.js';

/** Destroys the global agent's sockets to `port` when the case ends, so no case leaves pooled connections behind. */
function releaseGlobalSockets(ctx: CaseContext, port: number): void {
  ctx.defer(() => {
    const { sockets, freeSockets } = ctx.https.globalAgent;
    for (const pool of [sockets, freeSockets]) {
      for (const [name, list] of Object.entries(pool)) if (name.includes(`:${port}:`)) for (const socket of list ?? []) socket.destroy();
    }
  });
}

export const globalAgentCases = [
  defineCase({
    id: 'https.global-agent.is-an-agent',
    module: 'https',
    rules: ['https.global-agent.instance'],
    run(ctx) {
      expect(ctx.https.globalAgent, 'globalAgent').to.be.instanceOf(ctx.https.Agent);
    },
  }),
  defineCase({
    id: 'https.global-agent.used-when-no-agent-named',
    module: 'https',
    rules: ['https.global-agent.default-for-requests'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      releaseGlobalSockets(ctx, port);
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem }, done));
      const pooled = Object.entries(ctx.https.globalAgent.freeSockets).filter(([name]) => name.includes(`:${port}:`)).flatMap(([, list]) => list ?? []);
      expect(pooled, "global agent's free sockets for this server").to.include(reply.socket);
    },
  }),
  defineCase({
    id: 'https.global-agent.keeps-connection-alive',
    module: 'https',
    rules: ['https.global-agent.keep-alive'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let connections = 0;
      const { server, port } = await startServer(ctx, ctx.https, certs);
      server.on('secureConnection', () => (connections += 1));
      releaseGlobalSockets(ctx, port);
      const options = { host: 'localhost', port, ca: certs.ca.cert.pem };
      const first = await exchange((done) => ctx.https.get(options, done));
      const second = await exchange((done) => ctx.https.get(options, done));
      expect(connections, 'connections for two requests through globalAgent').to.equal(1);
      expect(second.socket, 'socket of the second request').to.equal(first.socket);
      // A default-constructed Agent does not keep connections alive.
      const plain = new ctx.https.Agent();
      ctx.defer(() => plain.destroy());
      connections = 0;
      await exchange((done) => ctx.https.get({ ...options, agent: plain }, done));
      await exchange((done) => ctx.https.get({ ...options, agent: plain }, done));
      expect(connections, 'connections for two requests through new Agent()').to.equal(2);
    },
  }),
  defineCase({
    id: 'https.global-agent.socket-timeout-5000',
    module: 'https',
    rules: ['https.global-agent.timeout'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      releaseGlobalSockets(ctx, port);
      /** The idle timeout of the request's socket when the response arrives (before the pool adjusts it). */
      const timeoutOf = (agent?: InstanceType<CaseContext['https']['Agent']>): Promise<unknown> =>
        new Promise((resolve, reject) => {
          const req = ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, ...(agent ? { agent } : {}) }, (res: IncomingMessage) => {
            resolve((res.socket as Socket & { timeout?: number }).timeout);
            res.resume();
          });
          req.on('error', reject);
        });
      expect(await timeoutOf(), 'socket timeout through globalAgent').to.equal(5000);
      const plain = new ctx.https.Agent();
      ctx.defer(() => plain.destroy());
      expect(await timeoutOf(plain) ?? 0, 'socket timeout through new Agent()').to.equal(0);
    },
  }),
];
