// SNI: the Agent sends the target host name, nothing for an IP target, a given servername, and nothing for ''. The
// candidate's client talks to a trusted server of the harness, which records the SNI name of the client's ClientHello
// as it arrives: the rule speaks of what the client asks for there, so a request that fails afterwards for another
// reason (its client offers only ALPN `h2`, which the trusted server refuses) is still judged on the name it sent.
import { expect } from 'chai';
import { defineCases, type CaseContext } from '../case.js';
import { attempted, call, helloOf, newAgent, observe, trustedServer, uses, type HttpsAgent } from './_util.js';

/**
 * Makes one request with `options` through `agent` (default: a fresh Agent of the candidate) and resolves with the SNI
 * name of the ClientHello the trusted server read (false: none). A request that never gets as far as a ClientHello
 * fails the case as it failed.
 */
async function sniSeen(ctx: CaseContext, options: Record<string, unknown>, agent?: HttpsAgent): Promise<string | false> {
  uses(ctx, 'get', 'Agent');
  const certs = await ctx.fixtures.certificates();
  const server = await trustedServer(ctx);
  const attempt = await attempted(ctx, (done) => call(ctx, 'get')({ port: server.port, ca: certs.ca.cert.bytes, agent: agent ?? newAgent(ctx), ...options }, done));
  return helloOf(await observe(ctx, server), attempt).servername;
}

export const sniCases = defineCases('https', [
  {
    id: 'https.agent.sni-is-target-host-name',
    rules: ['https.agent.servername-default-host'],
    async run(ctx) {
      expect(await sniSeen(ctx, { host: 'localhost' }), 'SNI the server received').to.equal('localhost');
    },
  },
  {
    id: 'https.agent.no-sni-for-ip-target',
    rules: ['https.agent.servername-ip-empty'],
    async run(ctx) {
      expect(await sniSeen(ctx, { host: '127.0.0.1' }), 'SNI the server received').to.equal(false);
    },
  },
  {
    id: 'https.agent.servername-option-is-sent',
    rules: ['https.agent.servername-custom'],
    async run(ctx) {
      uses(ctx, 'Agent');
      expect(await sniSeen(ctx, { host: '127.0.0.1' }, newAgent(ctx, { servername: 'localhost' })), 'SNI with Agent servername option').to.equal('localhost');
      expect(await sniSeen(ctx, { host: '127.0.0.1', servername: 'localhost' }), 'SNI with request servername option').to.equal('localhost');
    },
  },
  {
    id: 'https.agent.empty-servername-sends-no-sni',
    rules: ['https.agent.servername-empty-disables'],
    async run(ctx) {
      uses(ctx, 'Agent');
      expect(await sniSeen(ctx, { host: 'localhost' }, newAgent(ctx, { servername: '' })), "SNI with Agent servername ''").to.equal(false);
    },
  },
]);
