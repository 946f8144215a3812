// createServer: its argument forms, the request listener, and the TLS server, secure-context and plain-HTTP options.
// The candidate's server is checked with the harness's trusted client, which records the handshake and the answer.
import { expect } from 'chai';
import { CaseFailure, defineCases } from '../case.js';
import { method } from '../kit.js';
import { answered, createServer, listen, secureConnection, serverCredentials, startServer, trustedExchange, trustedRequest, uses } from './_util.js';

export const createServerCases = defineCases('https', [
  {
    id: 'https.create-server.accepts-every-argument-form',
    // The listener a form hands over must be the 'request' listener: that is how a form is seen to take it.
    rules: ['https.create-server.arguments-optional', 'https.create-server.returns-server', 'https.create-server.request-listener'],
    async run(ctx) {
      uses(ctx, 'createServer', 'Server');
      const credentials = serverCredentials(await ctx.fixtures.certificates());
      const listener = (): void => undefined;
      const forms = {
        'createServer()': createServer(ctx),
        'createServer(options)': createServer(ctx, credentials),
        'createServer(listener)': createServer(ctx, listener),
        'createServer(options, listener)': createServer(ctx, credentials, listener),
      };
      for (const [form, server] of Object.entries(forms)) expect(server, form).to.be.instanceOf(ctx.https.Server);
      // The listener is among the 'request' listeners, once (whatever else the server listens with is its own matter).
      const registered = (form: keyof typeof forms): number => {
        const listeners = method(forms[form], 'listeners', 'https.Server')('request');
        return Array.isArray(listeners) ? listeners.filter((each) => each === listener).length : 0;
      };
      expect(registered('createServer(listener)'), "times the listener is among the 'request' listeners of createServer(listener)").to.equal(1);
      expect(registered('createServer(options, listener)'), "times the listener is among the 'request' listeners of createServer(options, listener)").to.equal(1);
    },
  },
  {
    id: 'https.create-server.listener-gets-request-and-response',
    rules: ['https.create-server.request-listener', 'https.events.server-request', 'https.server.serves-http'],
    apis: ['https.createServer', 'https.Server'],
    async run(ctx) {
      uses(ctx, 'createServer');
      // Request and response objects, of whatever class: the request tells the listener what came (method, path,
      // version) and the response carries its answer. Each listener is called once; in which order is left open.
      const seen: string[] = [];
      const { server, port } = await startServer(ctx, (req, res) => {
        seen.push(`listener ${typeof req} ${typeof res}`);
        res.end(`${req.method} ${req.url} HTTP/${req.httpVersion}`);
      });
      method(server, 'on', 'https.Server')('request', () => seen.push('second listener'));
      const { reply } = await trustedExchange(ctx, port, { path: '/where?x=1' });
      expect(reply.body, 'what the listener saw').to.equal('GET /where?x=1 HTTP/1.1');
      expect(seen, "'request' listeners called, in any order").to.have.members(['listener object object', 'second listener']);
    },
  },
  {
    id: 'https.create-server.presents-key-cert-certificate',
    rules: ['https.auth.server-key-cert'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const certs = await ctx.fixtures.certificates();
      const { port } = await startServer(ctx);
      const { handshake } = await secureConnection(ctx, port);
      expect(handshake.peerCertificate?.fingerprint256, 'fingerprint of the certificate the server presented').to.equal(certs.server.fingerprint256);
    },
  },
  {
    id: 'https.create-server.pfx-with-passphrase',
    rules: ['https.auth.server-pfx-passphrase'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const certs = await ctx.fixtures.certificates();
      const server = createServer(ctx, { pfx: certs.pfx.data, passphrase: certs.pfx.passphrase }, (_req: unknown, res: { end(body: string): void }) => res.end('pfx'));
      const port = await listen(ctx, server);
      const { handshake, reply } = await trustedExchange(ctx, port);
      expect(reply.body, 'answer over the connection').to.equal('pfx');
      expect(handshake.peerCertificate?.fingerprint256, 'fingerprint of the certificate the server presented').to.equal(certs.server.fingerprint256);
    },
  },
  {
    // The one case that gives the server's key and cert as PEM text (every other case gives bytes: see
    // serverCredentials); the rule accepts both forms.
    id: 'https.create-server.key-cert-as-pem-text',
    rules: ['https.auth.pem-text-or-bytes'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const certs = await ctx.fixtures.certificates();
      const server = createServer(ctx, { key: certs.server.key.pem, cert: certs.server.cert.pem }, (_req: unknown, res: { end(body: string): void }) => res.end('text'));
      const port = await listen(ctx, server);
      const { handshake, reply } = await trustedExchange(ctx, port);
      expect(reply.body, 'answer over the connection').to.equal('text');
      expect(handshake.peerCertificate?.fingerprint256, 'fingerprint of the certificate the server presented').to.equal(certs.server.fingerprint256);
    },
  },
  {
    id: 'https.create-server.key-cert-as-buffers',
    rules: ['https.auth.pem-text-or-bytes'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const certs = await ctx.fixtures.certificates();
      const server = createServer(ctx, { key: certs.server.key.bytes, cert: certs.server.cert.bytes }, (_req: unknown, res: { end(body: string): void }) => res.end('bytes'));
      const port = await listen(ctx, server);
      const { handshake, reply } = await trustedExchange(ctx, port);
      expect(reply.body, 'answer over the connection').to.equal('bytes');
      expect(handshake.peerCertificate?.fingerprint256, 'fingerprint of the certificate the server presented').to.equal(certs.server.fingerprint256);
    },
  },
  {
    id: 'https.create-server.secure-context-max-version',
    rules: ['https.create-server.secure-context-options'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const { port } = await startServer(ctx, undefined, { maxVersion: 'TLSv1.2' });
      const { handshake } = await secureConnection(ctx, port);
      expect(handshake.protocol, 'protocol negotiated with a server limited to TLS 1.2').to.equal('TLSv1.2');
    },
  },
  {
    id: 'https.create-server.http-max-header-size',
    rules: ['https.create-server.http-server-options'],
    async run(ctx) {
      uses(ctx, 'createServer');
      const served: string[] = [];
      const { port } = await startServer(ctx, (req, res) => {
        served.push(req.url ?? '');
        res.end('ok');
      }, { maxHeaderSize: 1024 });
      // A request with small headers is served; one with 2 KiB of headers (well under the plain-HTTP default of
      // 16 KiB) must be refused: answered 431, or cut off without an answer (a server that writes 431 and closes at
      // once can lose the answer on the wire), and never handed to the listener.
      expect(answered(await trustedRequest(ctx, await secureConnection(ctx, port), { path: '/small' })).status, 'status for small headers').to.equal(200);
      const reply = await trustedRequest(ctx, await secureConnection(ctx, port), { path: '/big', headers: [['x-big', 'b'.repeat(2048)]] });
      const outcome = { status: reply.ok ? reply.status : 'no answer', served: served.includes('/big') };
      if (outcome.served || (outcome.status !== 431 && outcome.status !== 'no answer')) {
        throw new CaseFailure('a request with 2 KiB of headers got through a server created with maxHeaderSize 1024', {
          expected: "{ status: 431 or 'no answer', served: false }",
          actual: outcome,
        });
      }
    },
  },
]);
