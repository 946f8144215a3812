// SNI: the Agent sends the target host name, nothing for an IP target, a given servername, and nothing for ''.
import type { TLSSocket } from 'node:tls';
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import { exchange, startServer } from './_util.js';

/**
 * Makes one request with `options` through a fresh Agent of the candidate (unless `options` names another) and
 * resolves with the SNI name the server received (false: none).
 */
async function sniSeen(ctx: CaseContext, options: Record<string, unknown>): Promise<string | false> {
  const certs = await ctx.fixtures.certificates();
  const { port } = await startServer(ctx, ctx.https, certs, (req, res) => res.end(JSON.stringify((req.socket as TLSSocket).servername ?? false)));
  const agent = new ctx.https.Agent();
  ctx.defer(() => agent.destroy());
  const reply = await exchange((done) => ctx.https.get({ port, ca: certs.ca.cert.pem, agent, ...options }, done));
  return JSON.parse(reply.body) as string | false;
}

export const sniCases = [
  defineCase({
    id: 'https.agent.sni-is-target-host-name',
    module: 'https',
    rules: ['https.agent.servername-default-host'],
    async run(ctx) {
      expect(await sniSeen(ctx, { host: 'localhost' }), 'SNI the server received').to.equal('localhost');
    },
  }),
  defineCase({
    id: 'https.agent.no-sni-for-ip-target',
    module: 'https',
    rules: ['https.agent.servername-ip-empty'],
    async run(ctx) {
      expect(await sniSeen(ctx, { host: '127.0.0.1' }), 'SNI the server received').to.equal(false);
    },
  }),
  defineCase({
    id: 'https.agent.servername-option-is-sent',
    module: 'https',
    rules: ['https.agent.servername-custom'],
    async run(ctx) {
      const agent = new ctx.https.Agent({ servername: 'localhost' });
      ctx.defer(() => agent.destroy());
      expect(await sniSeen(ctx, { host: '127.0.0.1', agent }), 'SNI with Agent servername option').to.equal('localhost');
      expect(await sniSeen(ctx, { host: '127.0.0.1', servername: 'localhost' }), 'SNI with request servername option').to.equal('localhost');
    },
  }),
  defineCase({
    id: 'https.agent.empty-servername-sends-no-sni',
    module: 'https',
    rules: ['https.agent.servername-empty-disables'],
    async run(ctx) {
      const agent = new ctx.https.Agent({ servername: '' });
      ctx.defer(() => agent.destroy());
      expect(await sniSeen(ctx, { host: 'localhost', agent }), "SNI with Agent servername ''").to.equal(false);
    },
  }),
];
