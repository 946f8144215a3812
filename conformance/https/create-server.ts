// createServer: its argument forms, the request listener, and the TLS server, secure-context and plain-HTTP options.
import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import { expect } from 'chai';
import { defineCase, type CaseContext } from '../case.js';
import type { CertificateSet } from './certificates.js';
import { exchange, listen, nextEvent, serverCredentials, startServer } from './_util.js';

/**
 * Completes a TLS handshake with the server on `port` using the runtime's own TLS client (so what is checked is the
 * server, not the candidate's client) and resolves with the connected socket, destroyed when the case ends.
 */
async function handshake(ctx: CaseContext, certs: CertificateSet, port: number): Promise<tls.TLSSocket> {
  const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca: certs.ca.cert.pem });
  socket.on('error', () => undefined);
  ctx.defer(() => socket.destroy());
  await nextEvent(socket, 'secureConnect');
  return socket;
}

export const createServerCases = [
  defineCase({
    id: 'https.create-server.accepts-every-argument-form',
    module: 'https',
    rules: ['https.create-server.arguments-optional', 'https.create-server.returns-server'],
    async run(ctx) {
      const credentials = serverCredentials(await ctx.fixtures.certificates());
      const listener = (): void => undefined;
      const forms = {
        'createServer()': ctx.https.createServer(),
        'createServer(options)': ctx.https.createServer(credentials),
        'createServer(listener)': ctx.https.createServer(listener),
        'createServer(options, listener)': ctx.https.createServer(credentials, listener),
      };
      for (const [form, server] of Object.entries(forms)) expect(server, form).to.be.instanceOf(ctx.https.Server);
      expect(forms['createServer(listener)'].listeners('request'), "'request' listeners of createServer(listener)").to.deep.equal([listener]);
      expect(forms['createServer(options, listener)'].listeners('request'), "'request' listeners of createServer(options, listener)").to.deep.equal([listener]);
      expect(forms['createServer()'].listenerCount('request'), "'request' listeners of createServer()").to.equal(0);
    },
  }),
  defineCase({
    id: 'https.create-server.listener-gets-request-and-response',
    module: 'https',
    rules: ['https.create-server.request-listener', 'https.events.server-request', 'https.server.serves-http'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const http = await import('node:http');
      const seen: string[] = [];
      const { server, port } = await startServer(ctx, ctx.https, certs, (req, res) => {
        seen.push(`listener ${req instanceof http.IncomingMessage} ${res instanceof http.ServerResponse}`);
        res.end(`${req.method} ${req.url} HTTP/${req.httpVersion}`);
      });
      server.on('request', () => seen.push('second listener'));
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, path: '/where?x=1', ca: certs.ca.cert.pem, agent: false }, done));
      expect(reply.body, 'what the listener saw').to.equal('GET /where?x=1 HTTP/1.1');
      expect(seen, "'request' listeners called").to.deep.equal(['listener true true', 'second listener']);
    },
  }),
  defineCase({
    id: 'https.create-server.presents-key-cert-certificate',
    module: 'https',
    rules: ['https.auth.server-key-cert'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs);
      const socket = await handshake(ctx, certs, port);
      expect(socket.getPeerCertificate().fingerprint256, 'fingerprint of the certificate the server presented').to.equal(new X509Certificate(certs.server.cert.pem).fingerprint256);
    },
  }),
  defineCase({
    id: 'https.create-server.pfx-with-passphrase',
    module: 'https',
    rules: ['https.auth.server-pfx-passphrase'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const server = ctx.https.createServer({ pfx: certs.pfx.data, passphrase: certs.pfx.passphrase }, (_req, res) => res.end('pfx'));
      const port = await listen(ctx, server);
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }, done));
      expect(reply.body).to.equal('pfx');
      const socket = await handshake(ctx, certs, port);
      expect(socket.getPeerCertificate().fingerprint256, 'fingerprint of the certificate the server presented').to.equal(new X509Certificate(certs.server.cert.pem).fingerprint256);
    },
  }),
  defineCase({
    id: 'https.create-server.key-cert-as-buffers',
    module: 'https',
    rules: ['https.auth.pem-text-or-bytes'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const server = ctx.https.createServer({ key: Buffer.from(certs.server.key.pem), cert: Buffer.from(certs.server.cert.pem) }, (_req, res) => res.end('bytes'));
      const port = await listen(ctx, server);
      const reply = await exchange((done) => ctx.https.get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }, done));
      expect(reply.body).to.equal('bytes');
    },
  }),
  defineCase({
    id: 'https.create-server.secure-context-max-version',
    module: 'https',
    rules: ['https.create-server.secure-context-options'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs, undefined, { maxVersion: 'TLSv1.2' });
      const socket = await handshake(ctx, certs, port);
      expect(socket.getProtocol(), 'protocol negotiated with a server limited to TLS 1.2').to.equal('TLSv1.2');
    },
  }),
  defineCase({
    id: 'https.create-server.http-max-header-size',
    module: 'https',
    rules: ['https.create-server.http-server-options'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs, undefined, { maxHeaderSize: 1024 });
      const reply = await exchange((done) =>
        ctx.https.get({ host: 'localhost', port, headers: { 'x-big': 'b'.repeat(2048) }, ca: certs.ca.cert.pem, agent: false }, done),
      );
      expect(reply.status, 'status for 2 KiB of headers with maxHeaderSize 1024').to.equal(431);
    },
  }),
];
