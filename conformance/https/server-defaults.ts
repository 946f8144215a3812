// https.Server: a TLS server with the plain-HTTP server's properties, and the https defaults of those properties.
// Requests come from the harness's trusted client.
import tls from 'node:tls';
import { expect } from 'chai';
import { CaseFailure, defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { returnedBy } from '../kit.js';
import { createServer, headerLines, secureConnection, serverCredentials, startServer, trustedRequest, uses, type HttpsServer } from './_util.js';

async function newServer(ctx: CaseContext): Promise<HttpsServer> {
  uses(ctx, 'createServer');
  return createServer(ctx, serverCredentials(await ctx.fixtures.certificates()));
}

/** A case that a new server's property has the spec's default value (what setting it does is properties-as-http's). */
function defaultValue(id: string, rule: string, property: 'headersTimeout' | 'requestTimeout' | 'timeout' | 'keepAliveTimeout', expected: number): CaseEntry {
  return {
    id,
    rules: [rule],
    async run(ctx) {
      const server = await newServer(ctx);
      expect(server[property], `server.${property} of a new https.Server`).to.equal(expected);
    },
  };
}

export const serverDefaultCases = defineCases('https', [
  {
    id: 'https.server.instance-of-tls-server',
    rules: ['https.server.extends-tls-server', 'https.create-server.returns-server'],
    async run(ctx) {
      uses(ctx, 'Server');
      const server = await newServer(ctx);
      expect(server, 'createServer() result').to.be.instanceOf(ctx.https.Server);
      expect(server, 'createServer() result').to.be.instanceOf(tls.Server);
      expect(returnedBy(() => new ctx.https.Server(), 'new https.Server()', 'https.Server'), 'new https.Server()').to.be.instanceOf(tls.Server);
    },
  },
  defaultValue('https.server.headers-timeout-default-60000', 'https.server.default-headers-timeout', 'headersTimeout', 60000),
  defaultValue('https.server.request-timeout-default-300000', 'https.server.default-request-timeout', 'requestTimeout', 300000),
  defaultValue('https.server.timeout-default-0', 'https.server.default-timeout', 'timeout', 0),
  defaultValue('https.server.keep-alive-timeout-default-5000', 'https.server.default-keep-alive-timeout', 'keepAliveTimeout', 5000),
  {
    id: 'https.server.max-headers-count-default-keeps-2000',
    rules: ['https.server.default-max-headers-count'],
    async run(ctx) {
      uses(ctx, 'createServer');
      let kept = -1;
      // A large maxHeaderSize so that the header count, not the header bytes, is what limits the request.
      const { port } = await startServer(ctx, (req, res) => {
        kept = Object.keys(req.headers).length;
        res.end();
      }, { maxHeaderSize: 1 << 20 });
      const send = async (total: number): Promise<{ status: number | 'no answer'; kept: number }> => {
        kept = -1;
        const reply = await trustedRequest(ctx, await secureConnection(ctx, port), { headers: headerLines(total) });
        return { status: reply.ok ? reply.status : 'no answer', kept };
      };
      expect(await send(2000), 'a request with 2000 header lines').to.deep.equal({ status: 200, kept: 2000 });
      // Past the limit a server may drop the extra lines or refuse the request (431, or cut off without an answer when
      // the 431 is lost on the wire, and never handed to the listener); it must not keep them.
      const over = await send(2100);
      const refused = (over.status === 431 || over.status === 'no answer') && over.kept === -1;
      if (!(over.status === 200 && over.kept <= 2000) && !refused) {
        throw new CaseFailure('a request with 2100 header lines was neither cut to 2000 headers nor refused', { expected: 'at most 2000 headers kept, or refused', actual: over });
      }
    },
  },
]);
