// Options are data the caller owns: every function of the reference must behave the same when Object.prototype carries
// every option name it reads (prototype pollution), and the reference itself must never read an option by
// inheritance. Each case runs a call clean, then again with Object.prototype polluted, and compares: the pollution
// values are chosen to change what the call does if anything reads them. The polluted names are also instrumented
// (accessors that record which file read them), so an inherited read by reference code fails the case even where it
// would not change the result. A last case derives the option names the reference reads from its source and checks
// that every one of them is polluted here. The few places where the host's own machinery reads a name by inheritance
// from objects it makes itself are listed with the name (`hostReads`) and see it absent; `POLLUTION_SITES=1` prints
// every inherited read of a run with the function that made it. See docs/reference.md.
import { expect } from 'chai';
import * as hostChildProcess from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { ClientRequest, IncomingMessage, RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import cp from '../../reference/child_process.js';
import https from '../../reference/https.js';
import { CLIENT_REQUEST_OPTIONS, NET_SERVER_OPTIONS, TLS_CONNECT_OPTIONS } from '../../reference/internal/https/host-option-names.js';
import qs from '../../reference/querystring.js';
import { mintCertificates, type CertificateSet } from '../../runners/fixtures/mint-certificates.js';
import { fixturePath } from '../../conformance/fixture-path.js';
import { packageRoot } from '../../io/package-root.js';

type Module = 'querystring' | 'child_process' | 'https';

/** One polluted name: what Object.prototype carries under it. */
interface Pollutant {
  /** A value that changes what a call does if the call reads it. */
  readonly value: unknown;
  /**
   * Where the host runtime's own machinery reads this name by inheritance from objects it makes itself: a gadget of
   * the host that no library built on it can close, and that would break the host under these cases whatever the
   * reference does. Reads made by those functions (`file function`, e.g. `node:net Socket`) see `undefined`, as if the
   * name were absent; every other read sees the value.
   */
  readonly hostReads?: { readonly sites: readonly string[]; readonly why: string };
}

/** A read of a polluted name that reached Object.prototype: which name, and where the code that made it is. */
interface InheritedRead {
  readonly name: string;
  readonly file: string;
  /** `file function`, as `hostReads` names sites. */
  readonly site: string;
}

const root = packageRoot();
const REFERENCE_DIR = join(root, 'reference') + sep;
const node = process.execPath;

/** The code that called `skipped`, from the structured stack trace (no formatting, no source maps). */
function callerOf(skipped: (...args: never[]) => unknown): { file: string; site: string } {
  const savedPrepare = Error.prepareStackTrace;
  const savedLimit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 1;
    Error.prepareStackTrace = (_error, frames) => frames;
    const holder: { stack?: NodeJS.CallSite[] } = {};
    Error.captureStackTrace(holder, skipped);
    const frame = holder.stack?.[0];
    const name = frame?.getFileName() ?? '';
    const file = name.startsWith('file:') ? fileURLToPath(name) : name;
    return { file, site: `${file} ${frame?.getFunctionName() ?? ''}` };
  } finally {
    Error.prepareStackTrace = savedPrepare;
    Error.stackTraceLimit = savedLimit;
  }
}

/**
 * Installs `table` on Object.prototype as enumerable accessors (enumerable, as an assignment would make them) that
 * record every read reaching them and hand back the polluted value (or `undefined` at a listed host site); assigning
 * to an object that lacks the name gives it an own property, as it would with a data property. Returns the reads and
 * the function that removes it all.
 */
function pollute(table: Readonly<Record<string, Pollutant>>): { reads: InheritedRead[]; remove: () => void } {
  const reads: InheritedRead[] = [];
  const prototype = Object.prototype as Record<string, unknown>;
  let recording = false;
  for (const [name, pollutant] of Object.entries(table)) {
    const hidden = new Set(pollutant.hostReads?.sites ?? []);
    const get = function get(): unknown {
      // Capturing a stack may itself read properties; those reads are neither recorded nor hidden.
      if (recording) return pollutant.value;
      recording = true;
      try {
        const caller = callerOf(get);
        reads.push({ name, ...caller });
        return hidden.has(caller.site) ? undefined : pollutant.value;
      } finally {
        recording = false;
      }
    };
    const set = function set(this: unknown, value: unknown): void {
      if (this !== null && typeof this === 'object') Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true });
    };
    Object.defineProperty(prototype, name, { get, set, enumerable: true, configurable: true });
  }
  const remove = (): void => {
    for (const name of Object.keys(table)) delete prototype[name];
  };
  return { reads, remove };
}

/** Runs `run` with Object.prototype polluted; the pollution is removed whatever happens. */
async function polluted<T>(table: Readonly<Record<string, Pollutant>>, run: () => Promise<T>): Promise<{ result: T; reads: InheritedRead[] }> {
  const pollution = pollute(table);
  try {
    return { result: await run(), reads: pollution.reads };
  } finally {
    pollution.remove();
  }
}

/** A signal-like that never aborts: enough to be taken for a signal (and caught by the recorder), harmless to hold. */
const quietSignal = { aborted: false, reason: undefined, addEventListener: (): void => undefined, removeEventListener: (): void => undefined };

/** Functions whose call means "this polluted function-valued option was used". */
function refuse(what: string): () => never {
  return () => {
    throw new Error(`polluted ${what} was used`);
  };
}

/** SSL_OP_NO_TLSv1_2 | SSL_OP_NO_TLSv1_3: a connection built with these options cannot be made. */
const NO_MODERN_TLS = 0x08000000 | 0x20000000;

/**
 * Every option name the reference reads, or hands to the host on a caller's behalf, with the value Object.prototype
 * carries under it in these cases. The names come in three groups; a value that makes a call throw or fail if read is
 * preferred, since that is what a case sees most surely.
 */
function pollutionTable(certs: CertificateSet): Record<string, Pollutant> {
  /** The host's sockets read these from the options objects they make for themselves (a child's stdio, TLS sockets). */
  const socketDefaults = (why: string): Pollutant['hostReads'] => ({ sites: ['node:net Socket'], why: `node:net Socket: ${why}` });
  return {
    // querystring
    decodeURIComponent: { value: () => 'polluted' },
    encodeURIComponent: { value: () => 'polluted' },
    eq: { value: ':' },
    maxKeys: { value: 1 },
    sep: { value: '|' },

    // child_process
    argv0: { value: 'polluted-argv0' },
    cwd: { value: '/nonexistent-polluted-cwd' },
    detached: { value: 'polluted' },
    encoding: {
      value: 'hex',
      hostReads: { sites: ['node:internal/streams/readable ReadableState'], why: 'every readable stream the host makes would decode to text' },
    },
    env: { value: { POLLUTED_ENV: '1' } },
    execArgv: { value: ['--polluted-flag'] },
    execPath: { value: '/bin/false' },
    gid: { value: 'polluted' },
    input: {
      value: 'polluted-input',
      hostReads: {
        sites: ['node:child_process spawnSync', 'node:internal/child_process spawnSync'],
        why: 'the blocking spawn reads it from the stdio descriptions it makes itself, and would feed it to the child',
      },
    },
    killSignal: { value: 'SIGPOLLUTED' },
    maxBuffer: { value: 1 },
    serialization: { value: 'polluted' },
    shell: { value: true },
    // Not an aborted signal: the host's sockets (child stdio, https) take one by inheritance and would be destroyed.
    // A read of it by the reference is caught by the recorder.
    signal: { value: quietSignal },
    silent: { value: true },
    stdio: { value: 'ignore' },
    timeout: { value: 1 },
    uid: { value: 'polluted' },
    windowsHide: { value: 'polluted' },
    windowsVerbatimArguments: { value: 'polluted' },

    // https: request options (what the plain-HTTP request reads)
    _agentKey: { value: 'polluted-key' },
    _defaultAgent: { value: { protocol: 'http:', defaultPort: 1 } },
    agent: { value: { addRequest: refuse('agent') } },
    auth: { value: 'polluted:secret' },
    createConnection: { value: refuse('createConnection') },
    defaultPort: { value: 1 },
    headers: { value: { 'x-polluted': '1' } },
    host: { value: 'polluted.invalid' },
    hostname: { value: 'polluted.invalid' },
    insecureHTTPParser: { value: 'polluted' },
    joinDuplicateHeaders: { value: 'polluted' },
    maxHeaderSize: { value: 1 },
    method: { value: 'DELETE' },
    path: { value: '/polluted' },
    port: { value: 1 },
    protocol: { value: 'http:' },
    setHost: { value: false },
    socketPath: { value: '/nonexistent-polluted.sock' },
    uniqueHeaders: { value: 'polluted' },
    // https: TLS connection options (what tls.connect, the TLS socket and the socket's connect read)
    ALPNProtocols: { value: ['polluted'] },
    allowHalfOpen: { value: true, hostReads: socketDefaults('its sockets would never close') },
    enableTrace: { value: 'polluted' },
    highWaterMark: { value: 1 },
    keepAlive: { value: true },
    localAddress: { value: '203.0.113.1' },
    onread: { value: { buffer: Buffer.alloc(1), callback: () => false }, hostReads: socketDefaults('its sockets would stop emitting data') },
    pskCallback: { value: () => null },
    requestOCSP: { value: true },
    secureContext: { value: {} },
    servername: { value: 'polluted.invalid' },
    session: { value: Buffer.from('polluted') },
    socket: {
      value: {},
      hostReads: {
        sites: ['node:internal/child_process ChildProcess.spawn'],
        why: "a child process reads it from the stdio descriptions it makes for 'inherit' and 'ignore'",
      },
    },
    autoSelectFamily: { value: 'polluted' },
    autoSelectFamilyAttemptTimeout: { value: 'polluted' },
    family: { value: 6 },
    hints: { value: 'polluted' },
    localPort: { value: 1 },
    lookup: { value: (_host: string, _options: unknown, done: (error: Error) => void) => done(new Error('polluted lookup')) },
    // https: secure context options (a trusted CA: a request that must fail verification would pass if it were read)
    allowPartialTrustChain: { value: true },
    ca: { value: certs.ca.cert.pem },
    cert: { value: 'polluted' },
    ciphers: { value: 'NULL' },
    clientCertEngine: { value: 'polluted' },
    crl: { value: 'polluted' },
    dhparam: { value: 'polluted' },
    ecdhCurve: { value: 'polluted' },
    honorCipherOrder: { value: true },
    key: { value: 'polluted' },
    maxVersion: { value: 'TLSv1' },
    minVersion: { value: 'TLSv1.3' },
    passphrase: { value: 'polluted' },
    pfx: { value: 'polluted' },
    privateKeyEngine: { value: 'polluted' },
    privateKeyIdentifier: { value: 'polluted' },
    secureOptions: { value: NO_MODERN_TLS },
    secureProtocol: { value: 'polluted_method' },
    sessionIdContext: { value: 'polluted' },
    sessionTimeout: { value: 'polluted' },
    sigalgs: { value: 'polluted' },
    ticketKeys: { value: Buffer.alloc(1) },
    // https: options tls.connect gives defaults of its own (so only a reference read could pick them up)
    checkServerIdentity: { value: () => new Error('polluted checkServerIdentity') },
    minDHSize: { value: 'polluted' },
    rejectUnauthorized: { value: false },
    // https: Agent options
    keepAliveMsecs: { value: 'polluted' },
    maxCachedSessions: { value: 0 },
    maxFreeSockets: { value: 'polluted' },
    maxSockets: { value: 1 },
    maxTotalSockets: { value: 'polluted' },
    scheduling: { value: 'polluted' },
    // https: Server options (TLS server, its network server, the plain-HTTP machinery)
    ALPNCallback: { value: () => 'polluted' },
    IncomingMessage: { value: refuse('IncomingMessage') },
    SNICallback: { value: (_name: string, done: (error: Error) => void) => done(new Error('polluted SNICallback')) },
    ServerResponse: { value: refuse('ServerResponse') },
    connectionsCheckingInterval: { value: 'polluted' },
    handshakeTimeout: { value: 'polluted' },
    headersTimeout: { value: 'polluted' },
    keepAliveInitialDelay: { value: 'polluted', hostReads: socketDefaults('every socket would fail to be made') },
    keepAliveTimeout: { value: 'polluted' },
    noDelay: { value: 'polluted' },
    pauseOnConnect: {
      value: true,
      hostReads: { sites: ['node:_tls_wrap TLSSocket'], why: 'a client TLS socket reads it from its own copy of its options, and would start paused' },
    },
    pskIdentityHint: { value: 123 },
    rejectNonStandardBodyWrites: { value: 'polluted' },
    requestCert: { value: true },
    requestTimeout: { value: 'polluted' },
    requireHostHeader: { value: 'polluted' },
  };
}

/** The option names of the pollution table, known before any certificate is minted. */
const POLLUTED_NAMES: readonly string[] = Object.keys(
  pollutionTable({ ca: { cert: { pem: '' } } } as unknown as CertificateSet),
);

// ---------------------------------------------------------------------------------------------------------------------
// The peer: a host https server and client in a process of its own, which Object.prototype pollution cannot reach.

interface Peer {
  readonly port: number;
  /** Asks the peer to make a request to `port` (the reference's server) and answers with what it got, as JSON text. */
  fetch(port: number, path: string): Promise<string>;
  close(): void;
}

const PEER_SOURCE = `
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const [keyPath, certPath, caPath] = process.argv.slice(2);
const key = readFileSync(keyPath), cert = readFileSync(certPath), ca = readFileSync(caPath);
const collect = (stream, done) => { const chunks = []; stream.on('data', (c) => chunks.push(c)); stream.on('end', () => done(Buffer.concat(chunks).toString())); };
const server = https.createServer({ key, cert }, (req, res) => collect(req, (body) => {
  const headers = Object.keys(req.headers).sort().map((name) => [name, req.headers[name]]);
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ method: req.method, url: req.url, headers, body, servername: req.socket.servername ?? null, alpn: req.socket.alpnProtocol }));
}));
server.listen(0, '127.0.0.1', () => process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n'));
createInterface({ input: process.stdin }).on('line', (line) => {
  const { id, port, path } = JSON.parse(line);
  const answer = (result) => process.stdout.write(JSON.stringify({ id, result }) + '\\n');
  const req = https.request({ host: 'localhost', port, path, method: 'POST', headers: { 'x-peer': '1' }, ca, agent: false }, (res) =>
    collect(res, (body) => answer({ status: res.statusCode, type: res.headers['content-type'] ?? null, body, alpn: res.socket.alpnProtocol })));
  req.on('error', (error) => answer({ error: error.code ?? error.message }));
  req.end('peer-body');
});
`;

async function startPeer(dir: string, certs: CertificateSet): Promise<Peer> {
  const script = join(dir, 'peer.mjs');
  await writeFile(script, PEER_SOURCE);
  const child = hostChildProcess.spawn(node, [script, certs.server.key.path, certs.server.cert.path, certs.ca.cert.path], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = new Map<number, (text: string) => void>();
  let buffered = '';
  let announced: ((port: number) => void) | undefined;
  const port = new Promise<number>((resolve) => (announced = resolve));
  // Lines are split and parsed here, before any case pollutes Object.prototype; only strings cross into the cases.
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const message = JSON.parse(line) as { port?: number; id?: number; result?: unknown };
      if (Object.hasOwn(message, 'port')) announced?.(message.port as number);
      else waiting.get(message.id as number)?.(JSON.stringify(message.result));
    }
  });
  let next = 0;
  return {
    port: await port,
    fetch(target, path) {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        child.stdin.write(`{"id":${id},"port":${target},"path":${JSON.stringify(path)}}\n`);
      });
    },
    close: () => child.kill(),
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// What a case observes.

/** A reporter the child_process cases run: its arguments, argv[0], working directory, environment names and stdin. */
const REPORT_SOURCE = `
import { readFileSync } from 'node:fs';
let argv0 = process.argv0;
try { argv0 = readFileSync('/proc/self/cmdline', 'utf8').split('\\u0000')[0]; } catch {}
const stdin = process.argv.includes('--stdin') ? readFileSync(0, 'utf8') : null;
process.stdout.write(JSON.stringify({ args: process.argv.slice(2), argv0, cwd: process.cwd(), env: Object.keys(process.env).sort(), stdin }) + '\\n');
if (process.argv.includes('--fail')) process.exit(3);
`;

/** What an error shows: its class, code and message (never a stack, which differs between runs). */
function shown(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { thrown: String(error) };
  // Own properties only: this runs while Object.prototype is polluted too.
  const own = (name: string): unknown => (Object.hasOwn(error, name) ? (error as unknown as Record<string, unknown>)[name] : null);
  return { error: error.name, code: own('code'), message: error.message, signal: own('signal'), killed: own('killed') };
}

function text(value: unknown): unknown {
  return Buffer.isBuffer(value) ? { buffer: value.toString('hex') } : value;
}

/** Runs a call that may throw, observing its result or its error. */
async function attempt(run: () => Promise<unknown> | unknown): Promise<unknown> {
  try {
    return { result: await run() };
  } catch (error) {
    return shown(error);
  }
}

/** A spawned child to its end: whether it has stdio streams, its output (whatever the streams' encoding), its exit. */
function settle(child: hostChildProcess.ChildProcess): Promise<Record<string, unknown>> {
  const out: Buffer[] = [];
  // Decoded back to bytes with the stream's encoding: only what the child wrote is compared.
  child.stdout?.on('data', (chunk: Buffer | string) => out.push(typeof chunk === 'string' ? Buffer.from(chunk, child.stdout?.readableEncoding ?? 'utf8') : chunk));
  return new Promise((resolve) => {
    const streams = { stdin: child.stdin !== null, stdout: child.stdout !== null, stderr: child.stderr !== null };
    child.once('error', (error) => resolve({ streams, ...shown(error) }));
    child.once('close', (code, signal) => resolve({ streams, out: Buffer.concat(out).toString(), code, signal }));
  });
}

/** exec/execFile to the callback: error, stdout and stderr as given. */
function completed(run: (callback: (error: Error | null, stdout: unknown, stderr: unknown) => void) => unknown): Promise<unknown> {
  return new Promise((resolve) => {
    try {
      run((error, stdout, stderr) => resolve({ error: error === null ? null : shown(error), stdout: text(stdout), stderr: text(stderr) }));
    } catch (error) {
      resolve(shown(error));
    }
  });
}

/** A request of the reference to its end: what it sent (as the peer saw it) and what came back, or its error. */
function exchanged(start: (done: (res: IncomingMessage) => void) => ClientRequest): Promise<unknown> {
  return new Promise((resolve) => {
    let req: ClientRequest;
    try {
      req = start((res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer | string) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
        res.on('end', () =>
          resolve({
            request: [req.method, req.path, req.host, req.protocol, req.getHeader('host') ?? null],
            status: res.statusCode,
            body: Buffer.concat(chunks).toString(),
            reused: (res.socket as TLSSocket | null)?.isSessionReused?.() ?? null,
          }),
        );
      });
    } catch (error) {
      resolve(shown(error));
      return;
    }
    req.on('error', (error) => resolve(shown(error)));
  });
}

// ---------------------------------------------------------------------------------------------------------------------

interface Scenario {
  readonly module: Module;
  /** What is called, as the case's title says it. */
  readonly name: string;
  /** Calls it and observes the outcome (JSON-comparable; identical for identical behaviour). */
  readonly run: () => Promise<unknown>;
}

describe('reference: options are read as own properties (prototype pollution)', function () {
  this.timeout(30000);
  let dir: string;
  let certs: CertificateSet;
  let table: Record<string, Pollutant>;
  let peer: Peer;
  let report: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'rtconf-pollution-'));
    certs = await mintCertificates(dir);
    table = pollutionTable(certs);
    peer = await startPeer(dir, certs);
    report = join(dir, 'report.mjs');
    await writeFile(report, REPORT_SOURCE);
  });
  after(async () => {
    peer?.close();
    https.globalAgent.destroy();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    // A case that failed half-way must not leave the pollution behind.
    for (const name of POLLUTED_NAMES) delete (Object.prototype as Record<string, unknown>)[name];
  });

  const ca = (): string => certs.ca.cert.pem;
  const credentials = (): { key: string; cert: string } => ({ key: certs.server.key.pem, cert: certs.server.cert.pem });
  const url = (path: string): string => `https://localhost:${peer.port}${path}`;

  /** A reference server answering with what it received, asked by the peer, observed with its settings, closed. */
  async function served(create: (listener: RequestListener) => ReturnType<typeof https.createServer>): Promise<unknown> {
    const server = create((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer | string) => chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)));
      req.on('end', () => {
        const socket = req.socket as TLSSocket;
        res.end(JSON.stringify([req.method, req.url, req.headers['x-peer'], Buffer.concat(chunks).toString(), socket.alpnProtocol, socket.servername]));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const settings = [server.timeout, server.headersTimeout, server.requestTimeout, server.keepAliveTimeout, server.maxHeadersCount, server.maxRequestsPerSocket];
      const port = (server.address() as { port: number }).port;
      return { settings, reply: await peer.fetch(port, '/served?x=1') };
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  const scenarios: Scenario[] = [
    // querystring: with an options object, without one, and through every export
    {
      module: 'querystring',
      name: 'parse and decode',
      run: async () => [
        Object.entries(qs.parse('a=1&b=%20x&a=3&c', undefined, undefined, {})),
        Object.entries(qs.parse('a=1&b=2&c=3')),
        Object.entries(qs.decode('w:1;h:2;w:3', ';', ':', {})),
        Object.entries(qs.parse('a=1&b=2', '&', '=', Object.create(null) as object)),
      ],
    },
    {
      module: 'querystring',
      name: 'stringify and encode',
      run: async () => [qs.stringify({ a: [1, 2], b: 'x y' }, undefined, undefined, {}), qs.stringify({ a: 'é' }), qs.encode({ w: 1, h: 2 }, ';', ':', {})],
    },
    {
      module: 'querystring',
      name: 'escape, unescape and unescapeBuffer',
      run: async () => [qs.escape('a b&c'), qs.unescape('a%20b+c'), qs.unescapeBuffer('a%20b+c', true).toString()],
    },

    // child_process: every function, with an options object and with none
    {
      module: 'child_process',
      name: 'spawn',
      run: async () => [await settle(cp.spawn(node, [report, '$HOME'], {})), await settle(cp.spawn(node, [report, '$HOME']))],
    },
    {
      module: 'child_process',
      name: 'spawnSync',
      run: async () => {
        const observe = (result: hostChildProcess.SpawnSyncReturns<string | Buffer>): unknown => ({
          status: result.status,
          signal: result.signal,
          stdout: text(result.stdout),
          error: result.error ? shown(result.error) : null,
        });
        return [observe(cp.spawnSync(node, [report, '$HOME', '--stdin'], {})), observe(cp.spawnSync(node, [report, '$HOME', '--stdin']))];
      },
    },
    {
      module: 'child_process',
      name: 'exec and its promise form',
      run: async () => [
        await completed((done) => cp.exec(`"${node}" "${report}" '$HOME'`, {}, done)),
        await completed((done) => cp.exec(`"${node}" "${report}" '$HOME'`, done)),
        await attempt(() => promisify(cp.exec as unknown as typeof hostChildProcess.exec)(`"${node}" "${report}" '$HOME'`)),
      ],
    },
    {
      module: 'child_process',
      name: 'execFile and its promise form',
      run: async () => [
        await completed((done) => cp.execFile(node, [report, '$HOME'], {}, done)),
        await completed((done) => cp.execFile(node, [report, '$HOME'], done)),
        await completed((done) => cp.execFile(node, [report, '--fail'], null, done)),
        await attempt(() => promisify(cp.execFile as unknown as typeof hostChildProcess.execFile)(node, [report, '$HOME'])),
      ],
    },
    {
      module: 'child_process',
      name: 'execSync',
      run: async () => [
        await attempt(() => text(cp.execSync(`"${node}" "${report}" '$HOME'`, {}))),
        await attempt(() => text(cp.execSync(`"${node}" "${report}" --fail`, { stdio: 'pipe' }))),
      ],
    },
    {
      module: 'child_process',
      name: 'execFileSync',
      run: async () => [
        await attempt(() => text(cp.execFileSync(node, [report, '$HOME'], {}))),
        await attempt(() => text(cp.execFileSync(node, [report, '$HOME']))),
        await attempt(() => text(cp.execFileSync(node, [report, '--fail'], { stdio: 'pipe' }))),
      ],
    },
    {
      module: 'child_process',
      name: 'fork',
      run: async () => {
        const child = cp.fork(fixturePath('ipc-echo.mjs'), ['x', 'env:POLLUTED_ENV']);
        const streams = { stdin: child.stdin !== null, stdout: child.stdout !== null };
        // A child that fails to start or exits early ends the wait at once.
        const ended = Promise.race([once(child, 'error').then(([error]) => shown(error)), once(child, 'exit').then(([code, signal]) => ({ exited: [code, signal] }))]);
        const next = async (): Promise<unknown> => Promise.race([once(child, 'message').then(([message]) => message as unknown), ended]);
        const ready = (await next()) as Record<string, unknown>;
        delete ready['pid'];
        child.send({ hello: 'fork' });
        const echo = await next();
        child.send('exit');
        return { streams, ready, echo, end: await ended };
      },
    },

    // https: the client side against the peer's server
    {
      module: 'https',
      name: 'request with a url, options and a body',
      run: async () =>
        exchanged((done) => {
          const req = https.request(url('/r?q=1'), { method: 'PUT', ca: ca(), headers: { 'x-test': '1' }, agent: false }, done);
          req.end('request-body');
          return req;
        }),
    },
    {
      module: 'https',
      name: 'get with options through the global agent, and with a URL',
      run: async () => {
        const results = [
          await exchanged((done) => https.get({ host: 'localhost', port: peer.port, path: '/g', ca: ca() }, done)),
          await exchanged((done) => https.get(new URL(url('/u')), { ca: ca(), agent: false }, done)),
        ];
        https.globalAgent.destroy();
        return results;
      },
    },
    {
      module: 'https',
      name: 'get without a trusted CA (verification must still fail)',
      run: async () => exchanged((done) => https.get(url('/untrusted'), { agent: false }, done)),
    },
    {
      module: 'https',
      name: 'Agent: new and called, sessions, pool names, createConnection in both forms',
      run: async () => {
        const agent = new https.Agent({ ca: ca() });
        const called = (https.Agent as unknown as (options?: object) => InstanceType<typeof https.Agent>)({ ca: ca() });
        const replies = [];
        for (let i = 0; i < 2; i++) replies.push(await exchanged((done) => https.get({ host: 'localhost', port: peer.port, path: '/s', agent }, done)));
        const connect = async (socket: TLSSocket): Promise<unknown> => {
          const outcome = await Promise.race([once(socket, 'secureConnect').then(() => ({ authorized: socket.authorized })), once(socket, 'error').then(([error]) => shown(error))]);
          socket.destroy();
          return outcome;
        };
        const createConnection = called.createConnection as unknown as (...args: unknown[]) => TLSSocket;
        return {
          replies,
          names: [agent.getName({ host: 'localhost', port: peer.port }), called.getName({ host: 'localhost', port: peer.port })],
          settings: [called.defaultPort, called.protocol, called.maxCachedSessions, agent.maxCachedSessions],
          connections: [
            await connect(createConnection.call(called, peer.port, 'localhost', { ca: ca() })),
            await connect(createConnection.call(called, { port: peer.port, host: 'localhost', ca: ca() })),
          ],
        };
      },
    },

    // https: the server side, asked by the peer's client
    {
      module: 'https',
      name: 'createServer',
      run: async () => served((listener) => https.createServer(credentials(), listener)),
    },
    {
      module: 'https',
      name: 'Server, with new and called',
      run: async () => [
        await served((listener) => new https.Server(credentials(), listener)),
        await served((listener) => (https.Server as unknown as (options: object, listener: RequestListener) => InstanceType<typeof https.Server>)(credentials(), listener)),
      ],
    },
  ];

  for (const scenario of scenarios) {
    it(`${scenario.module}.${scenario.name}: same outcome with every option name on Object.prototype`, async () => {
      const clean = await attempt(scenario.run);
      const { result, reads } = await polluted(table, () => attempt(scenario.run));
      if (process.env['POLLUTION_SITES']) console.log([...new Set(reads.map((read) => `${read.name} @ ${read.site}`))].sort().join('\n'));
      const byReference = reads.filter((read) => read.file.startsWith(REFERENCE_DIR));
      expect(byReference, 'options the reference read from Object.prototype').to.deep.equal([]);
      expect(result).to.deep.equal(clean);
    });
  }

  it('the recorder attributes an inherited read to the file whose code made it', () => {
    const reads = pollute({ shell: { value: true } });
    let read: unknown;
    try {
      const options: { shell?: unknown } = {};
      read = options.shell;
    } finally {
      reads.remove();
    }
    expect(read).to.equal(true);
    const file = fileURLToPath(import.meta.url);
    expect(reads.reads).to.deep.equal([{ name: 'shell', file, site: `${file} ` }]);
    expect(Object.hasOwn(Object.prototype, 'shell')).to.equal(false);
  });

  it('pollutes every option name the reference reads', async () => {
    const names = new Set<string>([...CLIENT_REQUEST_OPTIONS, ...TLS_CONNECT_OPTIONS, ...NET_SERVER_OPTIONS]);
    const patterns = [
      /'options\.([A-Za-z_][A-Za-z0-9_]*)/g, // option paths in error messages: 'options.cwd', `options.env['…']`
      /\b(?:bag|settings|options|opts|own|copy)\[['"]([A-Za-z_][A-Za-z0-9_]*)['"]\]/g, // reads from options objects
      /\bownOption\([^,]+, ['"]([A-Za-z_][A-Za-z0-9_]*)['"]\)/g, // single own-property reads
      /\.options\.([A-Za-z_][A-Za-z0-9_]*)/g, // an agent's options
    ];
    const files = (await readdir(join(root, 'reference'), { recursive: true })).filter((file) => file.endsWith('.ts'));
    for (const file of files) {
      const source = await readFile(join(root, 'reference', file), 'utf8');
      for (const pattern of patterns) for (const match of source.matchAll(pattern)) names.add(match[1] as string);
    }
    // The derivation must keep finding the reads it was written for.
    for (const known of ['shell', 'cwd', 'execPath', 'maxKeys', 'encodeURIComponent', 'maxCachedSessions', 'ALPNProtocols', 'servername']) {
      expect(names, `the source scan finds ${known}`).to.include(known);
    }
    const missing = [...names].filter((name) => !POLLUTED_NAMES.includes(name)).sort();
    expect(missing, 'option names the reference reads that this test does not pollute').to.deep.equal([]);
  });
});
