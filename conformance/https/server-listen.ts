// server.listen(): the network server's arguments, then TLS-encrypted connections accepted, as the harness's trusted
// client observes them (a real handshake, the server's certificate, an answer over the encrypted connection).
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { CaseFailure, defineCases } from '../case.js';
import { describeValue, method, returnedBy, within } from '../kit.js';
import { EXCHANGE_LIMIT_MS, closeServer, createServer, listen, serverCredentials, trustedExchange, uses } from './_util.js';

export const serverListenCases = defineCases('https', [
  {
    id: 'https.server.listen-accepts-tls-connections',
    rules: ['https.server.listen'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const certs = await ctx.fixtures.certificates();
      const fingerprint = certs.server.fingerprint256;
      const answer = (_req: unknown, res: { end(body: string): void }): void => res.end('over tls');
      // listen(port, host, callback), as a network server takes it …
      const positional = createServer(ctx, serverCredentials(certs), answer);
      const ports = [await listen(ctx, positional)];
      // … and listen(options, callback).
      const withOptions = createServer(ctx, serverCredentials(certs), answer);
      ctx.defer(() => closeServer(withOptions));
      const listening = new Promise<void>((resolve) => returnedBy(() => method(withOptions, 'listen', 'https.Server')({ port: 0, host: '127.0.0.1' }, resolve), 'server.listen({ port, host }, callback)'));
      await within(ctx, listening, EXCHANGE_LIMIT_MS, 'the listen callback');
      const address = method(withOptions, 'address', 'https.Server')() as AddressInfo | null;
      if (typeof address?.port !== 'number') throw new CaseFailure('server.address() does not give the port it listens on', { expected: '{ port, … }', actual: describeValue(address) });
      ports.push(address.port);
      for (const [index, port] of ports.entries()) {
        const form = index === 0 ? 'listen(0, host, callback)' : 'listen({ port: 0, host }, callback)';
        const { handshake, reply } = await trustedExchange(ctx, port);
        expect({ fingerprint: handshake.peerCertificate?.fingerprint256, authorized: handshake.authorized, body: reply.body }, `TLS connection to a server started with ${form}`).to.deep.equal({
          fingerprint,
          authorized: true,
          body: 'over tls',
        });
      }
    },
  },
]);
