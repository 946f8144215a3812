// request and get: every argument form (options; url string; URL; url + options; callback last) and what they return.
import http from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { expect } from 'chai';
import { defineCase, type CaseContext, type CaseDefinition } from '../case.js';
import type { CertificateSet } from './certificates.js';
import { exchange, failure, listen, startServer, type Reply } from './_util.js';

type Callback = (res: IncomingMessage) => void;
type Fn = 'request' | 'get';

/** A server that answers with what it received, and its address. */
async function echoServer(ctx: CaseContext): Promise<{ certs: CertificateSet; port: number }> {
  const certs = await ctx.fixtures.certificates();
  const { port } = await startServer(ctx, ctx.https, certs, (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => res.end(JSON.stringify({ method: req.method, url: req.url, head: req.headers['x-head'] ?? null, body })));
  });
  return { certs, port };
}

/** Calls request or get with the arguments; ends a request (get ends itself). */
function call(ctx: CaseContext, fn: Fn, args: unknown[]): ClientRequest {
  const target = ctx.https[fn] as unknown as (...all: unknown[]) => ClientRequest;
  const req = target(...args);
  if (fn === 'request') req.end();
  return req;
}

function parsed(reply: Reply): { method: string; url: string; head: string | null; body: string } {
  return JSON.parse(reply.body) as { method: string; url: string; head: string | null; body: string };
}

/** The options-object form: `fn(options, callback)`. */
function optionsObject(fn: Fn): CaseDefinition {
  return defineCase({
    id: `https.${fn}.form-options-callback`,
    module: 'https',
    rules: [`https.${fn}.options-object`, `https.${fn}.callback-response`],
    async run(ctx) {
      const { certs, port } = await echoServer(ctx);
      const reply = await exchange((done: Callback) => call(ctx, fn, [{ host: 'localhost', port, path: '/opts', ca: certs.ca.cert.pem, agent: false }, done]));
      expect(parsed(reply), 'what the server received').to.include({ method: 'GET', url: '/opts' });
    },
  });
}

/**
 * A plain TCP listener standing where the URL points: with no options there is no way to make the request trust the
 * case's private CA, so instead of answering, the listener records that a TLS handshake (a ClientHello record,
 * content type 0x16) arrived, then hangs up. Resolves with the first byte received.
 */
async function clientHelloTrap(ctx: CaseContext): Promise<{ port: number; firstByte: () => number | undefined }> {
  const net = await import('node:net');
  let firstByte: number | undefined;
  const sockets = new Set<import('node:net').Socket>();
  const trap = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', (chunk: Buffer) => {
      firstByte ??= chunk[0];
      socket.destroy();
    });
    socket.on('error', () => undefined);
  });
  ctx.defer(() => sockets.forEach((socket) => socket.destroy()));
  const port = await listen(ctx, trap);
  return { port, firstByte: () => firstByte };
}

/** The URL-only forms: `fn(url, callback)` with a string or a URL object reach the URL's host and port over TLS. */
function urlOnly(fn: Fn, kind: 'string' | 'object'): CaseDefinition {
  return defineCase({
    id: `https.${fn}.form-url-${kind}-callback`,
    module: 'https',
    rules: [kind === 'string' ? `https.${fn}.url-string` : `https.${fn}.url-object`],
    async run(ctx) {
      const { port, firstByte } = await clientHelloTrap(ctx);
      const url = `https://localhost:${port}/only-url?q=1`;
      let req: ClientRequest | undefined;
      const error = await failure(() => {
        req = call(ctx, fn, [kind === 'string' ? url : new URL(url), () => undefined]);
        return req;
      });
      expect(error, "the 'error' event once the listener hung up").to.be.instanceOf(Error);
      expect(firstByte(), 'first byte the URL host:port received (0x16: a TLS handshake)').to.equal(0x16);
      expect(req?.path, 'request path taken from the URL').to.equal('/only-url?q=1');
      expect(req?.method, 'request method').to.equal('GET');
    },
  });
}

/** `fn(url, options, callback)`: the URL gives the target, the options add to it and override it. */
function urlAndOptions(fn: Fn, kind: 'string' | 'object'): CaseDefinition {
  return defineCase({
    id: `https.${fn}.form-url-${kind}-options-callback`,
    module: 'https',
    rules: [`https.${fn}.url-and-options`, kind === 'string' ? `https.${fn}.url-string` : `https.${fn}.url-object`, `https.${fn}.callback-response`],
    async run(ctx) {
      const { certs, port } = await echoServer(ctx);
      const url = `https://localhost:${port}/from-url?q=1`;
      const options = { ca: certs.ca.cert.pem, agent: false, headers: { 'x-head': 'from-options' } };
      const reply = await exchange((done: Callback) => call(ctx, fn, [kind === 'string' ? url : new URL(url), options, done]));
      expect(parsed(reply), 'what the server received').to.include({ method: 'GET', url: '/from-url?q=1', head: 'from-options' });
    },
  });
}

export const requestFormCases: CaseDefinition[] = [
  ...(['request', 'get'] as const).flatMap((fn) => [
    optionsObject(fn),
    urlOnly(fn, 'string'),
    urlOnly(fn, 'object'),
    urlAndOptions(fn, 'string'),
    urlAndOptions(fn, 'object'),
  ]),
  defineCase({
    id: 'https.request.url-credentials-percent-decoded',
    module: 'https',
    rules: ['https.request.url-credentials-decoded'],
    async run(ctx) {
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx, ctx.https, certs, (req, res) => res.end(req.headers.authorization ?? 'none'));
      const url = new URL(`https://localhost:${port}/`);
      // The URL keeps these percent-encoded (us%20er, p%40ss%3Aw%C3%B6rd); the request must use them decoded.
      url.username = 'us er';
      url.password = 'p@ss:wörd';
      const reply = await exchange((done: Callback) => ctx.https.get(url, { ca: certs.ca.cert.pem, agent: false }, done));
      const [scheme, encoded = ''] = reply.body.split(' ');
      expect({ scheme, credentials: Buffer.from(encoded, 'base64').toString('utf8') }, 'Authorization the server received').to.deep.equal({
        scheme: 'Basic',
        credentials: 'us er:p@ss:wörd',
      });
    },
  }),
  defineCase({
    id: 'https.request.returns-writable-client-request',
    module: 'https',
    rules: ['https.request.returns-client-request'],
    async run(ctx) {
      const req = ctx.https.request({ host: '127.0.0.1', port: 9, agent: false });
      req.on('error', () => undefined);
      ctx.defer(() => req.destroy());
      expect(req, 'request() result').to.be.instanceOf(http.ClientRequest);
      expect({ writable: req.writable, write: typeof req.write, end: typeof req.end }, 'writable-stream surface').to.deep.equal({
        writable: true,
        write: 'function',
        end: 'function',
      });
    },
  }),
  defineCase({
    id: 'https.get.returns-client-request',
    module: 'https',
    rules: ['https.get.returns-client-request'],
    async run(ctx) {
      const req = ctx.https.get({ host: '127.0.0.1', port: 9, agent: false });
      req.on('error', () => undefined);
      ctx.defer(() => req.destroy());
      expect(req, 'get() result').to.be.instanceOf(http.ClientRequest);
    },
  }),
  defineCase({
    id: 'https.get.sends-get-and-ends-request',
    module: 'https',
    rules: ['https.get.method-get'],
    async run(ctx) {
      const { certs, port } = await echoServer(ctx);
      // No end() here: get() must end the request itself, or the server never answers.
      const reply = await exchange((done: Callback) => ctx.https.get({ host: 'localhost', port, path: '/g', ca: certs.ca.cert.pem, agent: false }, done));
      expect(parsed(reply), 'what the server received').to.include({ method: 'GET', url: '/g', body: '' });
    },
  }),
];
