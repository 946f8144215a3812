// https.Server: a TLS server with the plain-HTTP server's properties, and the https defaults of those properties.
import tls from 'node:tls';
import { expect } from 'chai';
import { CaseFailure, defineCase, type CaseContext } from '../case.js';
import { exchange, headerLines, serverCredentials, startServer } from './_util.js';

async function newServer(ctx: CaseContext): Promise<ReturnType<CaseContext['https']['createServer']>> {
  return ctx.https.createServer(serverCredentials(await ctx.fixtures.certificates()));
}

/** A case that a new server's property has the spec's default value. */
function defaultValue(id: string, rule: string, property: 'headersTimeout' | 'requestTimeout' | 'timeout' | 'keepAliveTimeout', expected: number) {
  return defineCase({
    id,
    module: 'https',
    rules: [rule],
    async run(ctx) {
      const server = await newServer(ctx);
      expect(server[property], `server.${property} of a new https.Server`).to.equal(expected);
    },
  });
}

export const serverDefaultCases = [
  defineCase({
    id: 'https.server.instance-of-tls-server',
    module: 'https',
    rules: ['https.server.extends-tls-server', 'https.create-server.returns-server'],
    async run(ctx) {
      const server = await newServer(ctx);
      expect(server, 'createServer() result').to.be.instanceOf(ctx.https.Server);
      expect(server, 'createServer() result').to.be.instanceOf(tls.Server);
      expect(new ctx.https.Server(), 'new https.Server()').to.be.instanceOf(tls.Server);
    },
  }),
  defaultValue('https.server.headers-timeout-default-60000', 'https.server.default-headers-timeout', 'headersTimeout', 60000),
  defaultValue('https.server.request-timeout-default-300000', 'https.server.default-request-timeout', 'requestTimeout', 300000),
  defaultValue('https.server.timeout-default-0', 'https.server.default-timeout', 'timeout', 0),
  defaultValue('https.server.keep-alive-timeout-default-5000', 'https.server.default-keep-alive-timeout', 'keepAliveTimeout', 5000),
  defineCase({
    id: 'https.server.max-headers-count-default-keeps-2000',
    module: 'https',
    rules: ['https.server.default-max-headers-count'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      let kept = -1;
      // A large maxHeaderSize so that the header count, not the header bytes, is what limits the request.
      const { port } = await startServer(ctx, ctx.https, certs, (req, res) => {
        kept = Object.keys(req.headers).length;
        res.end();
      }, { maxHeaderSize: 1 << 20 });
      const send = async (total: number): Promise<{ status: number | undefined; kept: number }> => {
        kept = -1;
        const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, headers: headerLines(total), ca: certs.ca.cert.pem, agent: false }, done));
        return { status: reply.status, kept };
      };
      expect(await send(2000), 'a request with 2000 header lines').to.deep.equal({ status: 200, kept: 2000 });
      // Past the limit a server may drop the extra lines or refuse the request; it must not keep them.
      const over = await send(2100);
      if (over.status === 200 ? over.kept > 2000 : over.status !== 431) {
        throw new CaseFailure('a request with 2100 header lines was neither cut to 2000 headers nor refused', { expected: 'at most 2000 headers kept, or 431', actual: over });
      }
    },
  }),
];
