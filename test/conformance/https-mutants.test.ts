// Deliberately broken https candidates. Each is the reference with one behaviour of the spec broken, and each must
// make the named cases fail — proof that those cases really check what they claim. The reference itself must pass
// every case. The leak mutants, which must change exactly their rule's cases, are https-leak-mutants.test.ts.
import { expect } from 'chai';
import type { ClientRequest } from 'node:http';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { cases } from '../../conformance/https/index.js';
import type { CaseDefinition } from '../../conformance/case.js';
import type { HttpsModule } from '../../conformance/modules.js';
import { Agent as RefAgent, Server as RefServer } from '../../reference/https.js';
import { LOAD_TARGET } from '../../runners/https-load-target.js';
import { createRunFixtures, type RunFixtures } from '../../runners/fixtures/run-fixtures.js';
import { bothCalls, editRequestOptions, editServer, mutant, ref, reference, run, withOptions, type Fn, type Options } from './https-mutant-kit.js';
import { misdeclaredApis } from './case-apis.js';
import { recordedRun } from './leak-mutants.js';

type ConnectionOptions = tls.ConnectionOptions & { host?: string | null; _agentKey?: string };

/** An Agent class whose constructor options are rewritten. */
function agentWithOptions(edit: (options: Options) => Options): typeof RefAgent {
  return class EditedAgent extends RefAgent {
    constructor(options?: Options) {
      super(edit({ ...(options ?? {}) }));
    }
  };
}

/** request and get offering only ALPN `h2`, as an HTTP/2 client offering the https API does: the trusted server speaks HTTP/1.1 and refuses its ClientHello. */
function offeringOnlyH2(): Record<string, unknown> {
  return editRequestOptions((o) => ({ ...o, ALPNProtocols: ['h2'] }));
}

interface Mutant {
  readonly name: string;
  readonly module: HttpsModule;
  readonly caught: readonly string[];
}

const globalWithoutKeepAlive = new RefAgent({ timeout: 5000 });
const globalWithoutTimeout = new RefAgent({ keepAlive: true });
const globalWithShortTimeout = new RefAgent({ keepAlive: true, timeout: 1000 });

const MUTANTS: readonly Mutant[] = [
  {
    name: 'Agent whose maxCachedSessions default is 10',
    module: mutant({ Agent: agentWithOptions((o) => ({ maxCachedSessions: 10, ...o })) }),
    caught: ['https.agent.max-cached-sessions-default-100'],
  },
  {
    name: 'Agent with an unbounded session cache',
    module: mutant({ Agent: agentWithOptions((o) => ({ ...o, maxCachedSessions: Infinity })) }),
    caught: ['https.agent.max-cached-sessions-default-100', 'https.agent.max-cached-sessions-bounds-cache'],
  },
  {
    name: 'Agent that ignores maxCachedSessions: 0',
    module: mutant({ Agent: agentWithOptions((o) => ({ ...o, maxCachedSessions: o['maxCachedSessions'] || 100 })) }),
    caught: ['https.agent.max-cached-sessions-zero-never-resumes'],
  },
  {
    name: 'Agent that never caches sessions',
    module: mutant({ Agent: agentWithOptions((o) => ({ ...o, maxCachedSessions: 0 })) }),
    caught: ['https.agent.resumes-cached-session', 'https.agent.max-cached-sessions-bounds-cache'],
  },
  {
    name: 'request that ignores checkServerIdentity',
    module: mutant(
      editRequestOptions((o) => {
        delete o['checkServerIdentity'];
        return o;
      }),
    ),
    caught: [
      'https.request.check-server-identity-gets-host-and-certificate',
      'https.request.check-server-identity-undefined-accepts',
      'https.request.check-server-identity-error-reaches-error-event',
      'https.request.peer-certificate-has-spec-fields',
      'https.auth.pin-fingerprint256-rejects-wrong-pin',
      'https.auth.pin-pubkey-sha256-rejects-wrong-pin',
      // An answer without the pin asked is no pinning: the accepting cases count the check's calls.
      'https.auth.pin-fingerprint256-accepts-right-pin',
      'https.auth.pin-pubkey-sha256-accepts-right-pin',
    ],
  },
  {
    name: 'request that skips certificate verification',
    module: mutant(editRequestOptions((o) => ({ ...o, rejectUnauthorized: false }))),
    caught: [
      'https.errors.untrusted-ca-on-error-event',
      'https.errors.expired-certificate-on-error-event',
      'https.errors.default-trust-store-rejects-private-ca',
      'https.auth.ca-option-trusts-its-servers',
      'https.auth.host-check-rejects-other-name',
    ],
  },
  {
    name: 'request that drops TLS options (ciphers, maxVersion, key, cert, pfx)',
    module: mutant(editRequestOptions((o) => ({ ...o, ciphers: undefined, maxVersion: undefined, key: undefined, cert: undefined, pfx: undefined }))),
    caught: ['https.request.tls-options-reach-connection', 'https.auth.client-key-cert-presented', 'https.auth.client-pfx-presented'],
  },
  {
    name: 'request that ignores highWaterMark',
    module: mutant(editRequestOptions((o) => ({ ...o, highWaterMark: undefined }))),
    caught: ['https.request.high-water-mark-reaches-socket'],
  },
  {
    name: 'request whose default port is 8443',
    module: mutant(editRequestOptions((o) => ({ defaultPort: 8443, ...o }))),
    caught: ['https.request.default-port-443', 'https.request.default-port-443-for-url-without-port'],
  },
  {
    name: 'request that pools agent: false requests in the global agent',
    module: mutant(editRequestOptions((o) => (o['agent'] === false ? { ...o, agent: undefined } : o))),
    caught: ['https.request.agent-false-opens-own-connection'],
  },
  {
    name: 'request and get that keep URL credentials percent-encoded',
    module: mutant(
      bothCalls((original) => (...args: unknown[]) => {
        const [first, ...rest] = args;
        if (!(first instanceof URL) || first.username === '') return original(...args);
        const bare = new URL(first.href);
        bare.username = '';
        bare.password = '';
        return original(bare, ...withOptions(rest, (o) => ({ ...o, auth: `${first.username}:${first.password}` })));
      }),
    ),
    caught: ['https.request.url-credentials-percent-decoded'],
  },
  {
    name: 'request and get that send empty credentials for a URL that carries none',
    module: mutant(
      bothCalls((original) => (...args: unknown[]) => {
        const [first, ...rest] = args;
        if (!(first instanceof URL) || first.username !== '') return original(...args);
        return original(first, ...withOptions(rest, (o) => ({ ...o, auth: ':' })));
      }),
    ),
    caught: ['https.request.url-credentials-percent-decoded'],
  },
  {
    name: 'request that ignores the URL when options are given too',
    module: mutant({
      request: (...args: unknown[]) => (args.length === 3 ? ref.request({ ...(args[1] as Options), host: 'localhost', port: 9 }, args[2]) : ref.request(...args)),
      get: (...args: unknown[]) => (args.length === 3 ? ref.get({ ...(args[1] as Options), host: 'localhost', port: 9 }, args[2]) : ref.get(...args)),
    }),
    caught: [
      'https.request.form-url-string-options-callback',
      'https.request.form-url-object-options-callback',
      'https.get.form-url-string-options-callback',
      'https.get.form-url-object-options-callback',
    ],
  },
  {
    name: 'get that does not end its request',
    module: mutant({ get: (...args: unknown[]) => ref.request(...args) }),
    caught: ['https.get.sends-get-and-ends-request', 'https.get.form-options-callback'],
  },
  {
    name: 'globalAgent without keep-alive',
    module: mutant({
      globalAgent: globalWithoutKeepAlive,
      ...editRequestOptions((o) => ('agent' in o && o['agent'] !== undefined ? o : { ...o, agent: globalWithoutKeepAlive })),
    }),
    caught: ['https.global-agent.keeps-connection-alive'],
  },
  {
    name: 'globalAgent without the 5 s socket timeout',
    module: mutant({
      globalAgent: globalWithoutTimeout,
      ...editRequestOptions((o) => ('agent' in o && o['agent'] !== undefined ? o : { ...o, agent: globalWithoutTimeout })),
    }),
    caught: ['https.global-agent.socket-timeout-5000'],
  },
  {
    name: 'globalAgent whose socket timeout is 1 s',
    module: mutant({
      globalAgent: globalWithShortTimeout,
      ...editRequestOptions((o) => ('agent' in o && o['agent'] !== undefined ? o : { ...o, agent: globalWithShortTimeout })),
    }),
    caught: ['https.global-agent.socket-timeout-5000'],
  },
  {
    name: 'server whose setTimeout calls its callback as soon as a connection comes (msecs kept, but not waited for)',
    module: mutant(
      editServer((server) => {
        const setTimeout = server.setTimeout.bind(server);
        server.setTimeout = ((msecs?: number, callback?: (socket: unknown) => void) => {
          setTimeout(msecs);
          if (callback) server.on('connection', (socket: unknown) => setImmediate(() => callback(socket)));
          return server;
        }) as RefServer['setTimeout'];
      }),
    ),
    caught: ['https.server.set-timeout-calls-back-for-idle-socket'],
  },
  {
    name: 'requests without an agent do not use globalAgent',
    module: mutant(editRequestOptions((o) => ('agent' in o && o['agent'] !== undefined ? o : { ...o, agent: new RefAgent({ keepAlive: true, timeout: 5000 }) }))),
    caught: ['https.global-agent.used-when-no-agent-named'],
  },
  {
    name: 'Agent that sends SNI for IP targets',
    module: mutant({
      Agent: class SniForIp extends RefAgent {
        override createConnection(options: ConnectionOptions, callback?: (error: Error | null, socket: Duplex) => void): Duplex {
          return super.createConnection({ ...options, servername: options.servername || options.host || undefined }, callback);
        }
      },
    }),
    caught: ['https.agent.no-sni-for-ip-target', 'https.agent.empty-servername-sends-no-sni'],
  },
  {
    name: 'Agent that never sends SNI',
    module: mutant({ Agent: agentWithOptions((o) => ({ ...o, servername: '' })) }),
    caught: ['https.agent.servername-option-is-sent'],
  },
  {
    name: 'client offering only ALPN h2 that never sends SNI (judged on its ClientHello though refused right after it)',
    module: mutant({ ...offeringOnlyH2(), Agent: agentWithOptions((o) => ({ ...o, servername: '' })) }),
    caught: ['https.agent.sni-is-target-host-name', 'https.agent.servername-option-is-sent'],
  },
  {
    name: 'client offering only ALPN h2 that sends SNI for IP targets',
    module: mutant({
      ...offeringOnlyH2(),
      Agent: class SniForIpH2 extends RefAgent {
        override createConnection(options: ConnectionOptions, callback?: (error: Error | null, socket: Duplex) => void): Duplex {
          return super.createConnection({ ...options, servername: options.servername || options.host || undefined }, callback);
        }
      },
    }),
    caught: ['https.agent.no-sni-for-ip-target', 'https.agent.empty-servername-sends-no-sni'],
  },
  {
    name: 'Agent that binds its own createConnection in its constructor, so an override on a subclass is never called',
    module: mutant({
      Agent: class Bound extends RefAgent {
        constructor(options?: Options) {
          super(options);
          this.createConnection = RefAgent.prototype.createConnection.bind(this);
        }
      },
    }),
    caught: ['https.agent.create-connection-returns-socket', 'https.agent.create-connection-async-callback', 'https.request.default-port-443'],
  },
  {
    name: 'Agent that calls an overridden createConnection but makes the connection it uses itself',
    module: mutant({
      Agent: class OwnConnection extends RefAgent {
        constructor(options?: Options) {
          super(options);
          const override = this.createConnection;
          this.createConnection = (options: ConnectionOptions, callback?: (error: Error | null, socket: Duplex) => void): Duplex => {
            // The override's socket (returned, or handed to the callback) is left unused, and let go of later.
            const discard = (socket: Duplex | undefined): void => {
              socket?.on('error', () => undefined);
              setTimeout(() => socket?.destroy(), 2000).unref();
            };
            discard(Reflect.apply(override, this, [options, (_error: unknown, socket?: Duplex) => discard(socket)]) as Duplex | undefined);
            const own = RefAgent.prototype.createConnection.call(this, options) as Duplex;
            if (callback) process.nextTick(() => callback(null, own));
            return own;
          };
        }
      },
    }),
    caught: ['https.agent.create-connection-returns-socket', 'https.agent.create-connection-async-callback'],
  },
  {
    name: 'Agent that drops keylog events',
    module: mutant({
      Agent: class Silent extends RefAgent {
        override emit(event: string | symbol, ...args: unknown[]): boolean {
          return event === 'keylog' ? false : super.emit(event, ...args);
        }
      },
    }),
    caught: ['https.agent.keylog-emitted-with-socket', 'https.agent.keylog-lines-in-key-log-format'],
  },
  {
    name: 'Agent that ignores its keepAlive option',
    module: mutant({ Agent: agentWithOptions((o) => ({ ...o, keepAlive: false })) }),
    caught: ['https.agent.keep-alive-option-reuses-connection'],
  },
  {
    name: 'Agent that ignores TLS options given to it',
    module: mutant({ Agent: agentWithOptions((o) => ({ ...o, ca: undefined, key: undefined, cert: undefined })) }),
    caught: ['https.agent.tls-options-given-to-agent'],
  },
  {
    name: 'server whose timeout is 120000',
    module: mutant(editServer((server) => (server.timeout = 120000))),
    caught: ['https.server.timeout-default-0'],
  },
  {
    name: 'server with other timeout defaults',
    module: mutant(
      editServer((server) => {
        server.headersTimeout = 40000;
        server.requestTimeout = 0;
        server.keepAliveTimeout = 10000;
      }),
    ),
    caught: ['https.server.headers-timeout-default-60000', 'https.server.request-timeout-default-300000', 'https.server.keep-alive-timeout-default-5000'],
  },
  {
    name: 'server that keeps 1000 headers (maxHeadersCount null, as the host has it)',
    module: mutant(editServer((server) => (server.maxHeadersCount = null))),
    caught: ['https.server.max-headers-count-default-keeps-2000'],
  },
  {
    name: 'server whose maxHeadersCount, timeout and keepAliveTimeout setters do nothing',
    module: mutant(
      editServer((server) => {
        for (const property of ['maxHeadersCount', 'timeout', 'keepAliveTimeout', 'headersTimeout'] as const) {
          const value = server[property];
          Object.defineProperty(server, property, { get: () => value, set: () => undefined, configurable: true });
        }
      }),
    ),
    caught: [
      'https.server.max-headers-count-setter-as-plain-http',
      'https.server.timeout-destroys-idle-socket',
      'https.server.keep-alive-timeout-closes-idle-connection',
      'https.server.set-timeout-calls-back-for-idle-socket',
    ],
  },
  {
    name: 'setTimeout() that leaves msecs undefined (as the host does)',
    module: mutant(
      editServer((server) => {
        server.setTimeout = function setTimeout(this: RefServer, msecs?: unknown, callback?: () => void) {
          this.timeout = msecs as number;
          if (callback) this.on('timeout', callback);
          return this;
        } as RefServer['setTimeout'];
      }),
    ),
    caught: ['https.server.set-timeout-without-msecs-is-120000'],
  },
  {
    name: 'setTimeout(callback) that ignores a lone callback',
    module: mutant(
      editServer((server) => {
        const original = server.setTimeout.bind(server) as (msecs?: unknown, callback?: () => void) => RefServer;
        server.setTimeout = function setTimeout(this: RefServer, msecs?: unknown, callback?: () => void) {
          return typeof msecs === 'function' ? this : original(msecs, callback);
        } as RefServer['setTimeout'];
      }),
    ),
    caught: ['https.server.set-timeout-without-msecs-is-120000'],
  },
  {
    name: 'setTimeout() that returns nothing',
    module: mutant(
      editServer((server) => {
        const original = server.setTimeout.bind(server);
        server.setTimeout = ((...args: Parameters<RefServer['setTimeout']>) => void original(...args)) as unknown as RefServer['setTimeout'];
      }),
    ),
    caught: ['https.server.set-timeout-returns-server'],
  },
  {
    name: 'close() that returns nothing and never calls back',
    module: mutant(
      editServer((server) => {
        server.close = ((): void => void tls.Server.prototype.close.call(server)) as unknown as RefServer['close'];
      }),
    ),
    caught: ['https.server.close-returns-server', 'https.server.close-calls-back-once-closed', 'https.server.close-closes-idle-keep-alive-connections'],
  },
  {
    name: '[Symbol.asyncDispose]() that fulfils at once',
    module: mutant(
      editServer((server) => {
        server[Symbol.asyncDispose] = async function dispose(this: RefServer) {
          this.close();
        };
      }),
    ),
    caught: ['https.server.async-dispose-fulfils-after-close'],
  },
  {
    name: '[Symbol.asyncDispose]() that bypasses close()',
    module: mutant(
      editServer((server) => {
        server[Symbol.asyncDispose] = function dispose(this: RefServer) {
          return new Promise<void>((resolve) => {
            this.closeAllConnections();
            tls.Server.prototype.close.call(this, () => resolve());
          });
        };
      }),
    ),
    caught: ['https.server.async-dispose-calls-close'],
  },
  {
    name: 'closeIdleConnections() that closes nothing',
    module: mutant(editServer((server) => (server.closeIdleConnections = () => undefined))),
    caught: ['https.server.close-idle-connections-spares-busy'],
  },
  {
    name: 'closeAllConnections() that closes only idle connections',
    module: mutant(editServer((server) => (server.closeAllConnections = () => server.closeIdleConnections()))),
    caught: ['https.server.close-all-connections-drops-busy-and-idle'],
  },
  {
    name: 'createServer that drops the request listener',
    module: mutant({ createServer: (options?: unknown) => ref.createServer(typeof options === 'function' ? {} : options) }),
    caught: ['https.create-server.accepts-every-argument-form', 'https.create-server.listener-gets-request-and-response'],
  },
  {
    name: 'createServer that ignores TLS server options (requestCert) and secure-context options (maxVersion)',
    module: mutant({
      createServer: (options?: unknown, listener?: unknown) =>
        typeof options === 'object' && options !== null ? ref.createServer({ ...options, requestCert: false, maxVersion: undefined }, listener) : ref.createServer(options, listener),
    }),
    caught: ['https.create-server.request-cert-rejects-client-without-certificate', 'https.create-server.secure-context-max-version'],
  },
  {
    name: 'createServer that ignores handshakeTimeout (a TLS server option: the default 120 s holds)',
    module: mutant({
      createServer: (options?: unknown, listener?: unknown) =>
        typeof options === 'object' && options !== null ? ref.createServer({ ...options, handshakeTimeout: undefined }, listener) : ref.createServer(options, listener),
    }),
    caught: ['https.create-server.handshake-timeout-closes-silent-connection'],
  },
  {
    name: 'createServer that hangs up at once on every client that has not started its TLS handshake',
    module: mutant({
      createServer: (options?: unknown, listener?: unknown) =>
        typeof options === 'object' && options !== null ? ref.createServer({ ...options, handshakeTimeout: 1 }, listener) : ref.createServer(options, listener),
    }),
    caught: ['https.create-server.handshake-timeout-closes-silent-connection'],
  },
  {
    name: 'createServer that ignores plain-HTTP server options',
    module: mutant({
      createServer: (options?: unknown, listener?: unknown) =>
        typeof options === 'object' && options !== null
          ? ref.createServer({ ...options, maxHeaderSize: undefined, connectionsCheckingInterval: undefined }, listener)
          : ref.createServer(options, listener),
    }),
    caught: ['https.create-server.http-max-header-size', 'https.server.headers-timeout-answers-408'],
  },
  {
    name: 'createServer that ignores pfx',
    module: mutant({
      createServer: (options?: unknown, listener?: unknown) =>
        typeof options === 'object' && options !== null ? ref.createServer({ ...options, pfx: undefined }, listener) : ref.createServer(options, listener),
    }),
    caught: ['https.create-server.pfx-with-passphrase'],
  },
  {
    name: 'request and get that emit no error event (failures swallowed)',
    module: mutant(
      bothCalls((original) => (...args: unknown[]) => {
        const req = original(...args) as ClientRequest;
        const emit = req.emit.bind(req);
        req.emit = ((event: string | symbol, ...rest: unknown[]) => (event === 'error' ? false : emit(event, ...rest))) as ClientRequest['emit'];
        return req;
      }),
    ),
    caught: ['https.errors.connection-refused-on-error-event', 'https.errors.untrusted-ca-on-error-event', 'https.request.check-server-identity-error-reaches-error-event'],
  },
  {
    name: 'module that loads without crypto (crypto and tls loaded only when first used)',
    module: Object.defineProperty(mutant({}), LOAD_TARGET, {
      value: {
        specifier: pathToFileURL(new URL('./https-lazy-crypto.fixture.ts', import.meta.url).pathname).href,
        execArgv: ['--import', import.meta.resolve('tsx')],
      },
    }),
    caught: [
      'https.load.no-crypto-require-throws-catchably',
      'https.load.no-crypto-dynamic-import-rejects-catchably',
      'https.load.no-crypto-static-import-reaches-prior-handler',
      'https.load.no-crypto-static-import-fails-program-without-handler',
    ],
  },
  {
    name: 'module whose CommonJS build (requireSpecifier) loads without crypto, while its ES build is correct',
    module: Object.defineProperty(mutant({}), LOAD_TARGET, {
      value: {
        specifier: pathToFileURL(new URL('../../reference/https.ts', import.meta.url).pathname).href,
        requireSpecifier: pathToFileURL(new URL('./https-lazy-crypto.fixture.cjs', import.meta.url).pathname).href,
        execArgv: ['--import', import.meta.resolve('tsx')],
      },
    }),
    caught: ['https.load.no-crypto-require-throws-catchably'],
  },
  {
    name: 'module that is the plain-HTTP module',
    module: mutant({ request: (await import('node:http')).request, Agent: (await import('node:http')).Agent }),
    caught: ['https.module.exports-spec-names'],
  },
];

/**
 * An http module posing as https, as https-browserify is under Node: its own request and get, which speak plain HTTP
 * (what https-browserify's do once the protocol check is out of the way), and the plain-HTTP Agent, globalAgent,
 * Server and createServer.
 */
const httpModule = await import('node:http');
const plainHttp = (fn: 'request' | 'get') => (...args: unknown[]) =>
  (httpModule[fn] as unknown as Fn)(
    ...withOptions(args.map((arg) => (typeof arg === 'string' || arg instanceof URL ? String(arg).replace(/^https:/, 'http:') : arg)), (o) => ({ ...o, protocol: 'http:' })),
  );
const httpPosingAsHttps = {
  ...httpModule,
  request: plainHttp('request'),
  get: plainHttp('get'),
} as unknown as HttpsModule;

/** The cases an http module posing as https passes: server property defaults and calls that need no TLS. */
const PLAIN_HTTP_MAY_PASS = [
  'https.server.headers-timeout-default-60000',
  'https.server.request-timeout-default-300000',
  'https.server.timeout-default-0',
  'https.server.keep-alive-timeout-default-5000',
  'https.server.set-timeout-returns-server',
  'https.server.close-returns-server',
  'https.server.close-calls-back-once-closed',
  'https.server.async-dispose-calls-close',
  'https.create-server.accepts-every-argument-form',
  'https.request.returns-writable-client-request',
  'https.get.returns-client-request',
  'https.errors.connection-refused-on-error-event',
];

/** A client-only module: the reference without createServer and Server, as a browser shim would be. */
const clientOnly = (() => {
  const module = mutant({});
  delete (module as unknown as Record<string, unknown>)['createServer'];
  delete (module as unknown as Record<string, unknown>)['Server'];
  return module;
})();

/** A stub whose every function throws "not implemented", as @frida/https and unenv's stubs do. */
const notImplemented = (name: string) =>
  function stub(): never {
    throw new Error(`https.${name} is not implemented`);
  };
const stubModule = {
  Agent: notImplemented('Agent'),
  Server: notImplemented('Server'),
  createServer: notImplemented('createServer'),
  request: notImplemented('request'),
  get: notImplemented('get'),
  globalAgent: {},
} as unknown as HttpsModule;

describe('https cases', function () {
  this.timeout(180000);
  let fixtures: RunFixtures;
  before(() => {
    fixtures = createRunFixtures();
  });
  after(() => fixtures.close());

  // The reference run, with the exports each case reads (see leak-mutants.ts), made once for the suite.
  let referenceRun: ReturnType<typeof recordedRun<HttpsModule>> | undefined;
  const recorded = (): ReturnType<typeof recordedRun<HttpsModule>> =>
    (referenceRun ??= recordedRun(cases, reference as unknown as HttpsModule, (definition, module) => run(definition, module, fixtures)));

  it('all pass against the reference', async function () {
    // Every case of the module, one after another: a minute on an idle machine, several beside other test files.
    this.timeout(600_000);
    const failures: string[] = [];
    for (const [id, result] of (await recorded()).results) if (result.status !== 'pass') failures.push(`${id}: ${result.status} ${result.message ?? ''}`);
    expect(failures).to.deep.equal([]);
  });

  it('judge exactly the exports they call among those their rules speak of (their `apis`)', async () => {
    expect(misdeclaredApis(cases, await recorded())).to.deep.equal([]);
  });

  it('fail an http module posing as https on every case that involves TLS', async () => {
    const passed: string[] = [];
    for (const definition of cases) {
      const result = await run(definition, httpPosingAsHttps, fixtures);
      if (result.status === 'pass') passed.push(definition.id);
      else expect(['fail', 'na'], `${definition.id}: ${result.status} ${result.message ?? ''}`).to.include(result.status);
    }
    expect(passed, 'cases the plain-HTTP module passed').to.have.members(PLAIN_HTTP_MAY_PASS);
  });

  it('pass a client-only module on every client case, and fail its server cases as not implemented', async () => {
    const unexpected: string[] = [];
    let passes = 0;
    for (const definition of cases) {
      const result = await run(definition, clientOnly, fixtures);
      if (result.status === 'pass') passes += 1;
      else if (result.status === 'na' || definition.id === 'https.module.exports-spec-names') continue;
      else if (!(result.status === 'fail' && /^not implemented: https\.(createServer|Server)$/.test(result.message ?? ''))) unexpected.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
    }
    expect(unexpected, 'client-only results that are neither a pass nor "not implemented"').to.deep.equal([]);
    expect(passes, 'cases passed by the client-only module').to.be.at.least(55);
  });

  it('fail a module whose functions throw "not implemented" on every case, naming what it threw', async () => {
    const unexpected: string[] = [];
    for (const definition of cases) {
      const result = await run(definition, stubModule, fixtures);
      // The exports are there but say they are not implemented when called, which is what the export case says;
      // globalAgent is there but is no Agent, which is what that case says.
      if (result.status === 'na') continue;
      const saysWhy = definition.id === 'https.global-agent.is-an-agent' || /not implemented/.test(result.message ?? '');
      if (result.status !== 'fail' || !saysWhy) unexpected.push(`${definition.id}: ${result.status} ${result.message ?? ''}`);
    }
    expect(unexpected, 'stub results that are not a failure naming "not implemented"').to.deep.equal([]);
  });

  it("call the global agent's 5 s timeout inconclusive, never a pass, on a client whose every idle connection closes at 5 s (as workerd's do)", async () => {
    // Every Agent's timeout is 5 s whatever it was given: the global agent's close at 5 s says nothing of its own.
    const FiveSeconds = agentWithOptions((o) => ({ ...o, timeout: 5000 }));
    const global = new FiveSeconds({ keepAlive: true });
    const module = mutant({ Agent: FiveSeconds, globalAgent: global, ...editRequestOptions((o) => ('agent' in o && o['agent'] !== undefined ? o : { ...o, agent: global })) });
    const definition = cases.find((each) => each.id === 'https.global-agent.socket-timeout-5000') as CaseDefinition;
    const result = await run(definition, module, fixtures);
    expect([result.status, result.message], 'the verdict').to.match(/^error,Error: inconclusive: the global agent's idle connection closed after \d+ ms, but the control/);
  });

  it('judge a client offering only ALPN h2 on what it sent before the refusal, and call the rest of the handshake inconclusive', async () => {
    // Its ClientHello is right (the SNI name, the TLS record); the trusted server, which speaks HTTP/1.1, refuses it
    // right after, so nothing of the handshake that follows can be observed.
    const judgedAtTheClientHello = [
      'https.agent.sni-is-target-host-name',
      'https.agent.no-sni-for-ip-target',
      'https.agent.servername-option-is-sent',
      'https.agent.empty-servername-sends-no-sni',
      'https.request.default-protocol-https',
      'https.agent.create-connection-returns-socket',
      'https.agent.create-connection-async-callback',
    ];
    const needingTheHandshake = [
      'https.agent.keylog-emitted-with-socket',
      'https.agent.keylog-lines-in-key-log-format',
      'https.auth.client-key-cert-presented',
      'https.auth.client-pfx-presented',
      'https.agent.tls-options-given-to-agent',
      'https.request.tls-options-reach-connection',
      'https.agent.resumes-cached-session',
      'https.agent.max-cached-sessions-zero-never-resumes',
    ];
    const byId = new Map(cases.map((definition) => [definition.id, definition]));
    const h2Only = mutant(offeringOnlyH2());
    const seen: Record<string, string> = {};
    for (const id of [...judgedAtTheClientHello, ...needingTheHandshake]) {
      const result = await run(byId.get(id) as CaseDefinition, h2Only, fixtures);
      seen[id] = result.status === 'error' && /^Error: inconclusive: the client offered only "h2"/.test(result.message ?? '') ? 'inconclusive' : `${result.status} ${result.message ?? ''}`.trim();
    }
    expect(seen).to.deep.equal(Object.fromEntries([...judgedAtTheClientHello.map((id) => [id, 'pass']), ...needingTheHandshake.map((id) => [id, 'inconclusive'])]));
  });

  for (const broken of MUTANTS) {
    it(`catch the mutant "${broken.name}"`, async () => {
      const byId = new Map(cases.map((definition) => [definition.id, definition]));
      const passed: string[] = [];
      for (const id of broken.caught) {
        const definition = byId.get(id);
        expect(definition, `case ${id} exists`).to.not.equal(undefined);
        const result = await run(definition as CaseDefinition, broken.module, fixtures);
        if (result.status === 'pass') passed.push(id);
        else expect(result.status, `${id}: ${result.message ?? ''}`).to.equal('fail');
      }
      expect(passed, 'cases the mutant passed').to.deep.equal([]);
    });
  }
});
