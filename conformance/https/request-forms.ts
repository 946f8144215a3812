// request and get: every argument form (options; url string; URL; url + options; callback last) and what they return.
import http from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { expect } from 'chai';
import { CaseFailure, defineCases, type CaseContext, type CaseEntry } from '../case.js';
import { method, within } from '../kit.js';
import type { ObservedRequest, TrustedServer } from '../trusted-peer-handles.js';
import { call, exchange, EXCHANGE_LIMIT_MS, observe, requestOf, send, trustedServer, uses } from './_util.js';

type Callback = (res: IncomingMessage) => void;
type Fn = 'request' | 'get';

/** Calls request or get with the arguments; ends a request (get ends itself). */
function sendVia(ctx: CaseContext, fn: Fn, args: unknown[]): ClientRequest {
  const req = requestOf(call(ctx, fn)(...args), `https.${fn}()`);
  if (fn === 'request') method(req, 'end', 'ClientRequest')();
  return req;
}

/** The one request the trusted server received, or a failure saying it received none. */
async function received(ctx: CaseContext, server: TrustedServer): Promise<ObservedRequest> {
  const [request] = (await observe(ctx, server)).requests;
  if (!request) throw new CaseFailure('the server received no request', { expected: 'a request', actual: 'none' });
  return request;
}

/** The options-object form: `fn(options, callback)`. */
function optionsObject(fn: Fn): CaseEntry {
  return {
    id: `https.${fn}.form-options-callback`,
    rules: [`https.${fn}.options-object`, `https.${fn}.callback-response`],
    async run(ctx) {
      uses(ctx, fn);
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const reply = await exchange(ctx, (done: Callback) => sendVia(ctx, fn, [{ host: 'localhost', port: server.port, path: '/opts', ca: certs.ca.cert.bytes, agent: false }, done]));
      expect(reply.body, 'body handed to the callback').to.equal('ok');
      const request = await received(ctx, server);
      expect({ method: request.method, url: request.url }, 'what the server received').to.deep.equal({ method: 'GET', url: '/opts' });
    },
  };
}

/** Waits until the request has either failed or been answered: the URL-only forms cannot trust the run's CA. */
async function settled(ctx: CaseContext, req: ClientRequest): Promise<void> {
  const outcome = new Promise<void>((resolve) => {
    req.on('error', () => resolve());
    req.on('response', (res: IncomingMessage) => {
      res.resume();
      resolve();
    });
  });
  await within(ctx, outcome, EXCHANGE_LIMIT_MS, 'the request failing or being answered');
}

/**
 * The URL-only forms: `fn(url, callback)` with a string or a URL object reach the URL's host and port over TLS. With no
 * options there is no way to make the request trust the run's CA, so the client rightly gives up on the handshake;
 * what counts is that the trusted server at the URL's port saw a TLS handshake for the URL's host (its SNI name),
 * and that the request's path is the URL's.
 */
function urlOnly(fn: Fn, kind: 'string' | 'object'): CaseEntry {
  return {
    id: `https.${fn}.form-url-${kind}-callback`,
    rules: [kind === 'string' ? `https.${fn}.url-string` : `https.${fn}.url-object`],
    async run(ctx) {
      uses(ctx, fn);
      const server = await trustedServer(ctx);
      const url = `https://localhost:${server.port}/only-url?q=1`;
      const req = sendVia(ctx, fn, [kind === 'string' ? url : new URL(url), () => undefined]);
      ctx.defer(() => req.destroy?.());
      await settled(ctx, req);
      const seen = await observe(ctx, server);
      // The URL's port brought the connection here; its host shows in the SNI name when the client sends one (whether
      // it does by default is the Agent's servername rule, not this one's).
      expect(seen.connections.map((connection) => connection.tlsStarted), 'TLS handshakes the server at the URL saw begin').to.deep.equal([true]);
      const servername = seen.connections[0]?.servername;
      if (servername) expect(servername, 'the SNI name the client sent: the URL host').to.equal('localhost');
      // The path, when the request got through: a client that verifies the server (as it should without a ca option)
      // gives up before sending it, and the spec gives no other place to see it (url-and-options forms check it).
      const [sent] = seen.requests;
      if (sent) expect(sent.url, 'request path taken from the URL').to.equal('/only-url?q=1');
    },
  };
}

/** `fn(url, options, callback)`: the URL gives the target, the options add to it and override it. */
function urlAndOptions(fn: Fn, kind: 'string' | 'object'): CaseEntry {
  return {
    id: `https.${fn}.form-url-${kind}-options-callback`,
    rules: [`https.${fn}.url-and-options`, kind === 'string' ? `https.${fn}.url-string` : `https.${fn}.url-object`, `https.${fn}.callback-response`],
    async run(ctx) {
      uses(ctx, fn);
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const url = `https://localhost:${server.port}/from-url?q=1`;
      const options = { ca: certs.ca.cert.bytes, agent: false, headers: { 'x-head': 'from-options' } };
      const reply = await exchange(ctx, (done: Callback) => sendVia(ctx, fn, [kind === 'string' ? url : new URL(url), options, done]));
      expect(reply.body, 'body handed to the callback').to.equal('ok');
      const request = await received(ctx, server);
      expect({ method: request.method, url: request.url, head: request.headers['x-head'] }, 'what the server received').to.deep.equal({
        method: 'GET',
        url: '/from-url?q=1',
        head: 'from-options',
      });
    },
  };
}

export const requestFormCases = defineCases('https', [
  ...(['request', 'get'] as const).flatMap((fn) => [
    optionsObject(fn),
    urlOnly(fn, 'string'),
    urlOnly(fn, 'object'),
    urlAndOptions(fn, 'string'),
    urlAndOptions(fn, 'object'),
  ]),
  {
    id: 'https.request.url-credentials-percent-decoded',
    rules: ['https.request.url-credentials-decoded'],
    async run(ctx) {
      uses(ctx, 'request');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      const url = new URL(`https://localhost:${server.port}/`);
      // The URL keeps these percent-encoded (us%20er, p%40ss%3Aw%C3%B6rd); the request must use them decoded.
      url.username = 'us er';
      url.password = 'p@ss:wörd';
      await exchange(ctx, (done: Callback) => send(ctx)(url, { ca: certs.ca.cert.bytes, agent: false }, done));
      const authorization = (await received(ctx, server)).headers['authorization'];
      const [scheme, encoded = ''] = String(authorization ?? 'none').split(' ');
      expect({ scheme, credentials: Buffer.from(encoded, 'base64').toString('utf8') }, 'Authorization the server received').to.deep.equal({
        scheme: 'Basic',
        credentials: 'us er:p@ss:wörd',
      });
      // Credentials are the URL's: a URL without any sends none.
      const bare = new URL(`https://localhost:${server.port}/`);
      await exchange(ctx, (done: Callback) => send(ctx)(bare, { ca: certs.ca.cert.bytes, agent: false }, done));
      const last = (await observe(ctx, server)).requests.at(-1);
      if (!last) throw new CaseFailure('the server received no request for the URL without credentials', { expected: 'a request', actual: 'none' });
      expect(last.headers['authorization'], 'Authorization the server received for a URL without credentials').to.equal(undefined);
    },
  },
  {
    id: 'https.request.returns-writable-client-request',
    rules: ['https.request.returns-client-request'],
    async run(ctx) {
      uses(ctx, 'request');
      // Nothing listens on port 9 (discard): the request is only looked at, never answered.
      const req = requestOf(call(ctx, 'request')({ host: '127.0.0.1', port: 9, agent: false }), 'https.request()');
      req.on('error', () => undefined);
      ctx.defer(() => req.destroy?.());
      expect(req, 'request() result').to.be.instanceOf(http.ClientRequest);
      expect({ writable: req.writable, write: typeof req.write, end: typeof req.end }, 'writable-stream surface').to.deep.equal({
        writable: true,
        write: 'function',
        end: 'function',
      });
    },
  },
  {
    id: 'https.get.returns-client-request',
    rules: ['https.get.returns-client-request'],
    async run(ctx) {
      uses(ctx, 'get');
      const req = requestOf(call(ctx, 'get')({ host: '127.0.0.1', port: 9, agent: false }), 'https.get()');
      req.on('error', () => undefined);
      ctx.defer(() => req.destroy?.());
      expect(req, 'get() result').to.be.instanceOf(http.ClientRequest);
    },
  },
  {
    id: 'https.get.sends-get-and-ends-request',
    rules: ['https.get.method-get'],
    async run(ctx) {
      uses(ctx, 'get');
      const certs = await ctx.fixtures.certificates();
      const server = await trustedServer(ctx);
      // No end() here: get() must end the request itself, or the server never answers.
      await exchange(ctx, (done: Callback) => call(ctx, 'get')({ host: 'localhost', port: server.port, path: '/g', ca: certs.ca.cert.bytes, agent: false }, done));
      const request = await received(ctx, server);
      expect({ method: request.method, url: request.url, body: request.body, complete: request.complete }, 'what the server received').to.deep.equal({
        method: 'GET',
        url: '/g',
        body: '',
        complete: true,
      });
    },
  },
]);
