// The reference rt:https over TLS on 127.0.0.1 with minted certificates: Server and Agent (defaults, session reuse,
// SNI, pools), their call-without-new forms, createConnection, request and get with their failures, the session cache.
import { expect } from 'chai';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import hostHttps from 'node:https';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { inherits } from 'node:util';
import https, { Agent, Server, createServer, get, request } from '../../reference/https.js';
import { requestArguments } from '../../reference/internal/https/arguments.js';
import { SessionCache } from '../../reference/internal/https/session-cache.js';
import { mintCertificates, type CertificateSet } from '../../runners/fixtures/mint-certificates.js';
import { EXCHANGE_LIMIT_MS, exchange, failure, listen, type Scope } from '../../conformance/https/_util.js';
import { nextEvent, type WaitContext } from '../../conformance/kit.js';

/** The agent a request went to (a documented ClientRequest property the type declarations leave out). */
function agentOf(req: http.ClientRequest): unknown {
  return (req as http.ClientRequest & { agent?: unknown }).agent;
}

/** Cleanups of one test, run after it whatever its outcome, and a signal that ends its waits when it is over. */
function scope(): Scope & WaitContext & { run(): Promise<void> } {
  const cleanups: Array<() => unknown> = [];
  const controller = new AbortController();
  return {
    defer: (cleanup) => void cleanups.push(cleanup),
    signal: controller.signal,
    async run() {
      controller.abort(new Error('the test is over'));
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

describe('reference https', function () {
  this.timeout(15000);
  let dir: string;
  let certs: CertificateSet;
  let s: ReturnType<typeof scope>;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-https-test-'));
    certs = await mintCertificates(dir);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    s = scope();
  });
  afterEach(async () => {
    await s.run();
  });

  const credentials = (): { key: string; cert: string } => ({ key: certs.server.key.pem, cert: certs.server.cert.pem });

  async function serve(listener: http.RequestListener = (_req, res) => res.end('ok'), options: object = {}): Promise<{ server: Server; port: number }> {
    const server = createServer({ ...credentials(), ...options }, listener);
    return { server, port: await listen(s, server) };
  }

  describe('Server', () => {
    it('is a TLS server with the plain-HTTP server defaults of https', () => {
      const server = new Server(credentials());
      expect(server).to.be.instanceOf(tls.Server);
      expect({
        headersTimeout: server.headersTimeout,
        maxHeadersCount: server.maxHeadersCount,
        requestTimeout: server.requestTimeout,
        timeout: server.timeout,
        keepAliveTimeout: server.keepAliveTimeout,
      }).to.deep.equal({ headersTimeout: 60000, maxHeadersCount: 2000, requestTimeout: 300000, timeout: 0, keepAliveTimeout: 5000 });
    });

    it('takes plain-HTTP server options such as requestTimeout', () => {
      expect(new Server({ ...credentials(), requestTimeout: 1234 }).requestTimeout).to.equal(1234);
    });

    it('setTimeout() means two minutes, accepts a callback alone, and returns the server', () => {
      const server = new Server(credentials());
      expect(server.setTimeout()).to.equal(server);
      expect(server.timeout).to.equal(120000);
      const onTimeout = (): void => undefined;
      server.setTimeout(onTimeout);
      expect(server.timeout).to.equal(120000);
      expect(server.listeners('timeout')).to.include(onTimeout);
      server.setTimeout(50);
      expect(server.timeout).to.equal(50);
    });

    it('createServer accepts (listener), (options, listener) and (null)', async () => {
      const listener: http.RequestListener = (_req, res) => res.end('x');
      expect(createServer(listener).listeners('request')).to.deep.equal([listener]);
      expect(createServer(credentials(), listener).listeners('request')).to.deep.equal([listener]);
      expect(createServer(null).listenerCount('request')).to.equal(0);
      expect(() => createServer('nope' as unknown as object)).to.throw(TypeError).with.property('code', 'ERR_INVALID_ARG_TYPE');
    });

    it('serves HTTP/1.1 over TLS: method, path, body in and status, headers, body out', async () => {
      const { port } = await serve((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk: string) => (body += chunk));
        req.on('end', () => {
          res.writeHead(201, { 'x-echo': `${req.method} ${req.url}` });
          res.end(body.toUpperCase());
        });
      });
      const reply = await exchange(s, (done) => {
        const req = request({ host: '127.0.0.1', servername: 'localhost', port, method: 'POST', path: '/p?q=1', ca: certs.ca.cert.pem, agent: false }, done);
        req.write('abc');
        req.end('def');
        return req;
      });
      expect([reply.status, reply.headers['x-echo'], reply.body]).to.deep.equal([201, 'POST /p?q=1', 'ABCDEF']);
    });

    it('applies maxHeadersCount to the request headers it parses', async () => {
      let seen = -1;
      const { server, port } = await serve((req, res) => {
        seen = Object.keys(req.headers).length;
        res.end();
      }, { maxHeaderSize: 1 << 20 });
      server.maxHeadersCount = 10;
      await exchange(s, (done) => {
        // Host first: the server requires it, and it would be among the dropped lines if it came last.
        const headers: Record<string, string> = { host: 'localhost' };
        for (let i = 0; i < 30; i++) headers[`x-h${i}`] = '1';
        return get({ host: '127.0.0.1', servername: 'localhost', port, headers, ca: certs.ca.cert.pem, agent: false }, done);
      });
      expect(seen).to.equal(10);
    });

    it('emits timeout for an idle connection once timeout is set, and destroys it when nobody listens', async () => {
      const { server, port } = await serve();
      server.timeout = 100;
      const socket = tls.connect({ host: '127.0.0.1', port, ca: certs.ca.cert.pem, servername: 'localhost' });
      s.defer(() => socket.destroy());
      await once(socket, 'close');
    });

    it('reports TLS handshake failures as clientError', async () => {
      const { server, port } = await serve();
      const clientError = nextEvent<[Error, Duplex]>(s, server, 'clientError', EXCHANGE_LIMIT_MS);
      const raw = netConnect(port, '127.0.0.1', () => raw.write('this is not TLS\r\n\r\n'));
      raw.on('error', () => undefined);
      s.defer(() => raw.destroy());
      const [error, socket] = await clientError;
      expect(error).to.be.instanceOf(Error);
      socket.destroy();
    });

    it('accepts pfx + passphrase as credentials', async () => {
      const server = createServer({ pfx: certs.pfx.data, passphrase: certs.pfx.passphrase }, (_req, res) => res.end('pfx'));
      const port = await listen(s, server);
      const reply = await exchange(s, (done) => get(`https://localhost:${port}/`, { ca: certs.ca.cert.pem, agent: false }, done));
      expect(reply.body).to.equal('pfx');
    });

    it('closeIdleConnections drops keep-alive connections between requests; closeAllConnections drops busy ones', async () => {
      let respond: (() => void) | undefined;
      const { server, port } = await serve((req, res) => {
        if (req.url === '/hang') respond = () => res.end('late');
        else res.end('ok');
      });
      const agent = new Agent({ keepAlive: true, ca: certs.ca.cert.pem });
      s.defer(() => agent.destroy());
      const first = await exchange(s, (done) => get({ host: 'localhost', port, agent }, done));
      const idleClosed = once(first.socket, 'close');
      server.closeIdleConnections();
      await idleClosed;

      const busy = failure(s, () => get({ host: 'localhost', port, agent, path: '/hang' }));
      while (!respond) await new Promise((resolve) => setTimeout(resolve, 5));
      server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, 50));
      server.closeAllConnections();
      expect((await busy).message).to.match(/socket hang up/);
    });

    it('[Symbol.asyncDispose] closes the server and fulfils once it is closed', async () => {
      const { server } = await serve();
      await server[Symbol.asyncDispose]();
      expect(server.listening).to.equal(false);
    });

    it('close() returns the server and closes idle keep-alive connections too', async () => {
      const { server, port } = await serve();
      const agent = new Agent({ keepAlive: true, ca: certs.ca.cert.pem });
      s.defer(() => agent.destroy());
      const reply = await exchange(s, (done) => get({ host: 'localhost', port, agent }, done));
      const closed = once(server, 'close');
      expect(server.close()).to.equal(server);
      await closed;
      expect(reply.socket.destroyed || (await once(reply.socket, 'close'), true)).to.equal(true);
    });
  });

  describe('Agent', () => {
    it('defaults: port 443, protocol https:, 100 cached sessions; 0 accepted', () => {
      const agent = new Agent();
      expect([agent.defaultPort, agent.protocol, agent.maxCachedSessions]).to.deep.equal([443, 'https:', 100]);
      expect(new Agent({ maxCachedSessions: 0 }).maxCachedSessions).to.equal(0);
      expect(() => new Agent({ maxCachedSessions: -1 })).to.throw(RangeError);
    });

    it('the global agent keeps connections alive with a 5 s timeout', () => {
      expect(https.globalAgent).to.be.instanceOf(Agent);
      expect((https.globalAgent as Agent & { keepAlive: boolean }).keepAlive).to.equal(true);
      expect(https.globalAgent.options.timeout).to.equal(5000);
      expect((new Agent() as Agent & { keepAlive: boolean }).keepAlive).to.equal(false);
    });

    it('resumes a cached TLS session on the next connection, and not with maxCachedSessions 0', async () => {
      const { port } = await serve();
      const reused = async (agent: Agent): Promise<boolean[]> => {
        const result: boolean[] = [];
        for (let i = 0; i < 2; i++) {
          const reply = await exchange(s, (done) => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
          result.push(reply.socket.isSessionReused());
        }
        return result;
      };
      expect(await reused(new Agent())).to.deep.equal([false, true]);
      expect(await reused(new Agent({ maxCachedSessions: 0 }))).to.deep.equal([false, false]);
    });

    it('keeps at most maxCachedSessions sessions, evicting the oldest', async () => {
      const { port } = await serve();
      const agent = new Agent({ maxCachedSessions: 1 });
      const fetch = (host: string): Promise<boolean> =>
        exchange(s, (done) => get({ host, servername: 'localhost', port, ca: certs.ca.cert.pem, agent }, done)).then((r) => r.socket.isSessionReused());
      await fetch('localhost');
      await fetch('127.0.0.1'); // another pool name: its session evicts the first
      expect(await fetch('localhost')).to.equal(false);
      expect(await fetch('localhost')).to.equal(true);
    });

    it('sends the host name as SNI, nothing for an IP target or servername ""', async () => {
      const { port } = await serve((req, res) => res.end(String((req.socket as tls.TLSSocket).servername)));
      const sni = (options: object): Promise<string> =>
        exchange(s, (done) => get({ port, ca: certs.ca.cert.pem, agent: false, ...options }, done)).then((r) => r.body);
      expect(await sni({ host: 'localhost' })).to.equal('localhost');
      expect(await sni({ host: '127.0.0.1', checkServerIdentity: () => undefined })).to.equal('false');
      expect(await sni({ host: 'localhost', agent: new Agent({ servername: '' }) })).to.equal('false');
    });

    it('createConnection can be overridden, also asynchronously with the callback', async () => {
      const { port } = await serve();
      const seen: unknown[] = [];
      class Later extends Agent {
        override createConnection(options: tls.ConnectionOptions & { port?: number | string | null }, callback?: (error: Error | null, socket: Duplex) => void): Duplex {
          seen.push(options.port);
          setTimeout(() => callback?.(null, tls.connect({ ...options, host: '127.0.0.1', port, servername: 'localhost' })), 5);
          return undefined as unknown as Duplex;
        }
      }
      const reply = await exchange(s, (done) => get('https://localhost/', { ca: certs.ca.cert.pem, agent: new Later() }, done));
      expect(reply.body).to.equal('ok');
      expect(seen).to.deep.equal([443]);
    });

    it('forwards keylog lines of its sockets in key-log format', async () => {
      const { port } = await serve();
      const agent = new Agent();
      const lines: Array<[Buffer, tls.TLSSocket]> = [];
      agent.on('keylog', (line: Buffer, socket: tls.TLSSocket) => lines.push([line, socket]));
      const reply = await exchange(s, (done) => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
      expect(lines.length).to.be.greaterThan(0);
      for (const [line, socket] of lines) {
        expect(line.toString('latin1')).to.match(/^[A-Z_0-9]+ [0-9a-f]+ [0-9a-f]+\n$/);
        expect(socket).to.equal(reply.socket);
      }
    });

    it('names pools by TLS options, so differing requests do not share sockets', () => {
      const agent = new Agent();
      const base = { host: 'localhost', port: 1 };
      expect(agent.getName({ ...base, ca: 'A' })).to.not.equal(agent.getName({ ...base, ca: 'B' }));
      expect(agent.getName({ ...base, rejectUnauthorized: false })).to.not.equal(agent.getName(base));
      expect(agent.getName({ ...base, servername: 'localhost' })).to.equal(agent.getName(base));
    });
  });

  describe('Agent and Server called without new (the host\'s legacy forms)', () => {
    /** The exports as JavaScript sees them: callable, as the host's constructors are. */
    const CallableAgent = Agent as unknown as typeof Agent & ((options?: object) => Agent);
    const CallableServer = Server as unknown as typeof Server & ((options?: object | null, listener?: http.RequestListener) => Server);

    it('Agent() builds an agent like new Agent()', () => {
      const agent = CallableAgent({ keepAlive: true, maxCachedSessions: 7 });
      expect(agent).to.be.instanceOf(Agent).and.instanceOf(http.Agent);
      expect(agent.constructor).to.equal(Agent);
      expect([agent.defaultPort, agent.protocol, agent.maxCachedSessions, (agent as Agent & { keepAlive: boolean }).keepAlive]).to.deep.equal([
        443,
        'https:',
        7,
        true,
      ]);
      expect(CallableAgent()).to.be.instanceOf(Agent);
      expect(https.Agent.name).to.equal('Agent');
    });

    it('Server() builds a server like new Server(), and it serves', async () => {
      expect(CallableServer()).to.be.instanceOf(Server).and.instanceOf(tls.Server);
      const server = CallableServer(credentials(), (_req, res) => res.end('called'));
      expect(server.constructor).to.equal(Server);
      const port = await listen(s, server);
      const reply = await exchange(s, (done) => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: CallableAgent() }, done));
      expect(reply.body).to.equal('called');
    });

    it('an agent built by calling Agent resumes sessions and names pools as one built with new', async () => {
      const { port } = await serve();
      const agent = CallableAgent();
      const reused: boolean[] = [];
      for (let i = 0; i < 2; i++) {
        const reply = await exchange(s, (done) => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
        reused.push(reply.socket.isSessionReused());
      }
      expect(reused).to.deep.equal([false, true]);
      expect(agent.getName({ host: 'a', ca: 'x' })).to.equal(new Agent().getName({ host: 'a', ca: 'x' }));
    });

    it('class subclasses still work: instanceof, constructor, super options and overrides', async () => {
      const { port } = await serve();
      class Counting extends Agent {
        connections = 0;
        override createConnection(options: tls.ConnectionOptions, ...rest: unknown[]): Duplex {
          this.connections++;
          return super.createConnection(options, ...rest);
        }
      }
      const agent = new Counting({ maxCachedSessions: 3 });
      expect(agent).to.be.instanceOf(Counting).and.instanceOf(Agent);
      expect([agent.constructor, Object.getPrototypeOf(Counting), agent.maxCachedSessions]).to.deep.equal([Counting, Agent, 3]);
      await exchange(s, (done) => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
      expect(agent.connections).to.equal(1);
      class Named extends Server {}
      expect(new Named(credentials())).to.be.instanceOf(Server);
    });

    it('old-style subclasses set themselves up with Agent.call(this) and Server.call(this)', async () => {
      interface LegacyAgent extends Agent {
        marker: string;
      }
      function LegacyAgent(this: LegacyAgent, options?: object): void {
        CallableAgent.call(this, options);
        this.marker = 'legacy';
      }
      inherits(LegacyAgent, Agent);
      function LegacyServer(this: Server, options: object, listener: http.RequestListener): void {
        CallableServer.call(this, options, listener);
      }
      inherits(LegacyServer, Server);

      const server = new (LegacyServer as unknown as new (options: object, listener: http.RequestListener) => Server)(credentials(), (_req, res) =>
        res.end('legacy'),
      );
      expect(server).to.be.instanceOf(Server);
      const port = await listen(s, server);
      const agent = new (LegacyAgent as unknown as new (options?: object) => LegacyAgent)({ maxCachedSessions: 5 });
      expect([agent.marker, agent.defaultPort, agent.maxCachedSessions]).to.deep.equal(['legacy', 443, 5]);
      const replies: Array<[string, boolean]> = [];
      for (let i = 0; i < 2; i++) {
        const reply = await exchange(s, (done) => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent }, done));
        replies.push([reply.body, reply.socket.isSessionReused()]);
      }
      expect(replies).to.deep.equal([
        ['legacy', false],
        ['legacy', true],
      ]);
    });
  });

  describe('Agent#createConnection forms', () => {
    /** How a direct createConnection call went: connected and verified, on which port, and whether a callback ran. */
    async function attempt(agent: { createConnection: (...args: unknown[]) => unknown }, args: (port: number) => unknown[], port: number): Promise<unknown> {
      let called = false;
      const socket = agent.createConnection(...args(port), () => (called = true)) as tls.TLSSocket;
      s.defer(() => socket.destroy());
      const outcome = await new Promise<unknown>((resolve) => {
        socket.once('secureConnect', () => resolve({ authorized: socket.authorized, port: socket.remotePort === port }));
        socket.once('error', (error: Error & { code?: string }) => resolve({ error: error.code ?? error.message }));
      });
      socket.destroy();
      return { outcome, callbackCalled: called };
    }

    const forms: Array<[string, (port: number, ca: string) => unknown[]]> = [
      ['(options)', (port, ca) => [{ port, host: '127.0.0.1', ca, servername: 'localhost' }]],
      ['(port, host, options)', (port, ca) => [port, '127.0.0.1', { ca, servername: 'localhost' }]],
      ['(port, options)', (port, ca) => [port, { host: '127.0.0.1', ca, servername: 'localhost' }]],
      ['(port, host) without the CA', (port) => [port, '127.0.0.1']],
      ['(port, host, options) where the positional values win', (port, ca) => [port, '127.0.0.1', { port: 1, host: 'unused.invalid', ca, servername: 'localhost' }]],
    ];
    for (const [label, args] of forms) {
      it(`connects as the host's agent does for ${label}`, async () => {
        const { port } = await serve();
        const ca = certs.ca.cert.pem;
        const hostOutcome = await attempt(new hostHttps.Agent() as never, (p) => args(p, ca), port);
        expect(await attempt(new Agent() as never, (p) => args(p, ca), port)).to.deep.equal(hostOutcome);
      });
    }

    it('connects with the positional form (port, host, options), verified against the given CA', async () => {
      const { port } = await serve();
      const socket = (new Agent().createConnection as (...args: unknown[]) => tls.TLSSocket)(port, '127.0.0.1', { ca: certs.ca.cert.pem, servername: 'localhost' });
      s.defer(() => socket.destroy());
      await once(socket, 'secureConnect');
      expect([socket.authorized, socket.remotePort]).to.deep.equal([true, port]);
    });
  });

  describe('request and get', () => {
    it('accepts options, url string, URL, url + options, with the callback last', async () => {
      const { port } = await serve((req, res) => res.end(`${req.method} ${req.url}`));
      const ca = certs.ca.cert.pem;
      const url = `https://localhost:${port}/a?b`;
      const bodies = [
        await exchange(s, (done) => get({ host: 'localhost', port, path: '/a?b', ca }, done)),
        await exchange(s, (done) => get(url, { ca }, done)),
        await exchange(s, (done) => get(new URL(url), { ca }, done)),
        await exchange(s, (done) => request(url, { ca, method: 'PUT' }, done).end()),
        await exchange(s, (done) => request({ protocol: 'https:', hostname: 'localhost', port, path: '/a?b', ca }, done).end()),
      ].map((reply) => reply.body);
      expect(bodies).to.deep.equal(['GET /a?b', 'GET /a?b', 'GET /a?b', 'PUT /a?b', 'GET /a?b']);
    });

    it('a url string alone uses the global agent and the default trust store, and fails on our private CA', async () => {
      const { port } = await serve();
      const error = await failure(s, () => get(`https://localhost:${port}/`));
      expect((error as Error & { code?: string }).code).to.match(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED|UNABLE_TO_GET_ISSUER/);
    });

    it('defaults: protocol https:, port 443, the global agent, and a fresh Agent for agent: false', () => {
      const req = request({ host: 'localhost' });
      req.on('error', () => undefined);
      req.destroy();
      expect(req.protocol).to.equal('https:');
      expect(agentOf(req)).to.equal(https.globalAgent);
      expect(req.getHeader('host')).to.equal('localhost');
      const own = request({ host: 'localhost', agent: false });
      own.on('error', () => undefined);
      own.destroy();
      expect(agentOf(own)).to.be.instanceOf(Agent).and.not.equal(https.globalAgent);
      expect(() => request({ host: 'localhost', protocol: 'http:' })).to.throw(TypeError).with.property('code', 'ERR_INVALID_PROTOCOL');
    });

    it('requests go through a replaced globalAgent', () => {
      const original = https.globalAgent;
      const replacement = new Agent();
      https.globalAgent = replacement;
      try {
        const req = request({ host: 'localhost' });
        req.on('error', () => undefined);
        req.destroy();
        expect(agentOf(req)).to.equal(replacement);
      } finally {
        https.globalAgent = original;
      }
    });

    it('URI-decodes URL credentials into basic authorization', async () => {
      const { port } = await serve((req, res) => res.end(req.headers.authorization));
      const url = new URL(`https://localhost:${port}/`);
      url.username = 'us er';
      url.password = 'p@ss:w0rd';
      const reply = await exchange(s, (done) => get(url, { ca: certs.ca.cert.pem, agent: false }, done));
      expect(Buffer.from(String(reply.body).replace(/^Basic /, ''), 'base64').toString()).to.equal('us er:p@ss:w0rd');
      expect(requestArguments([new URL('https://[::1]:8443/x')], undefined).options.hostname).to.equal('::1');
    });

    it('reports connection refusal, untrusted and expired certificates on the error event', async () => {
      const closed = createServer(credentials());
      const port = await listen(s, closed);
      await new Promise((resolve) => closed.close(resolve));
      expect(((await failure(s, () => get({ host: '127.0.0.1', port, agent: false }))) as Error & { code?: string }).code).to.equal('ECONNREFUSED');

      const other = await (async () => {
        const server = createServer({ key: certs.otherServer.key.pem, cert: certs.otherServer.cert.pem });
        return listen(s, server);
      })();
      const untrusted = await failure(s, () => get({ host: 'localhost', port: other, ca: certs.ca.cert.pem, agent: false }));
      expect((untrusted as Error & { code?: string }).code).to.equal('UNABLE_TO_VERIFY_LEAF_SIGNATURE');

      const expiredPort = await listen(s, createServer({ key: certs.expired.key.pem, cert: certs.expired.cert.pem }));
      const expired = await failure(s, () => get({ host: 'localhost', port: expiredPort, ca: certs.ca.cert.pem, agent: false }));
      expect((expired as Error & { code?: string }).code).to.equal('CERT_HAS_EXPIRED');
    });

    it('passes checkServerIdentity through: its Error reaches the error event, undefined accepts', async () => {
      const { port } = await serve();
      const pin = new Error('pin mismatch');
      const seen: tls.DetailedPeerCertificate[] = [];
      const error = await failure(s, () =>
        get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false, checkServerIdentity: (_host, cert) => (seen.push(cert as tls.DetailedPeerCertificate), pin) }),
      );
      expect(error).to.equal(pin);
      expect(seen[0]?.subject.CN).to.equal('localhost');
      expect(seen[0]?.issuerCertificate.subject.CN).to.equal(certs.ca.commonName);
      const ok = await exchange(s, (done) => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false, checkServerIdentity: () => undefined }, done));
      expect(ok.body).to.equal('ok');
    });

    it('passes client certificates through to a server that requires them', async () => {
      const { port } = await serve((req, res) => res.end((req.socket as tls.TLSSocket).getPeerCertificate().subject.CN), {
        requestCert: true,
        rejectUnauthorized: true,
        ca: certs.ca.cert.pem,
      });
      const reply = await exchange(s, (done) =>
        get({ host: 'localhost', port, ca: certs.ca.cert.pem, key: certs.client.key.pem, cert: certs.client.cert.pem, agent: false }, done),
      );
      expect(reply.body).to.equal(certs.client.commonName);
      const refused = await failure(s, () => get({ host: 'localhost', port, ca: certs.ca.cert.pem, agent: false }));
      expect(refused).to.be.instanceOf(Error);
    });

    it('rejectUnauthorized: false accepts an untrusted server', async () => {
      const port = await listen(s, createServer({ key: certs.otherServer.key.pem, cert: certs.otherServer.cert.pem }, (_req, res) => res.end('ok')));
      const reply = await exchange(s, (done) => get({ host: 'localhost', port, rejectUnauthorized: false, agent: false }, done));
      expect(reply.body).to.equal('ok');
    });
  });
});

describe('reference https session cache', () => {
  it('stores a session under a limit an application set below 1 without looping: it empties the cache, then stores', () => {
    const cache = new SessionCache();
    cache.store('a', Buffer.from('first'), 2);
    cache.store('b', Buffer.from('second'), -1);
    expect([cache.get('a'), cache.get('b')?.toString()]).to.deep.equal([undefined, 'second']);
  });
});
