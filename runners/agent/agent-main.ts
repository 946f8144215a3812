// The agent: bundled into one dependency-free ESM file and executed by the candidate runtime (Node ≥ 18, Bun, Deno)
// or, for adapters and npm candidates, by the harness's own Node in a separate process. It connects back to the
// harness, loads the candidate, then runs one case per `run` message and answers with one result line each.
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers';
import { pathToFileURL } from 'node:url';
import type { CaseDefinition, Fixtures } from '../../conformance/case.js';
import type { CandidateModules } from '../../conformance/modules.js';
import { caseById } from '../../conformance/registry.js';
import { trustedPeersOver } from '../fixtures/trusted-peers-over.js';
import { ruleById } from '../../spec/index.js';
import type { CandidateInfo, CaseResult } from '../../results/results-file.js';
import { executeCase } from '../execute-case.js';
import { describeError } from '../describe-error.js';
import { captureReliedIntrinsics, guardIntrinsics, type IntrinsicsGuard } from './intrinsics.js';
import { CandidateLoadError, loadCandidateModules, type LoadedCandidate } from './load-candidate-modules.js';
import { AGENT_PORT_ARG, AGENT_TOKEN_ARG, HEARTBEAT_MS, MAX_LINE_BYTES, type AgentMessage, type HostMessage } from './protocol.js';
import { LineFramer } from './line-framer.js';
import { decodeWire, encodeWire } from './wire-json.js';

type Init = Extract<HostMessage, { type: 'init' }>;

// Captured before the candidate is loaded and before any case runs: a candidate that replaces JSON or poisons
// prototypes must not garble our reports.
const stringify = JSON.stringify.bind(JSON);
const parse = JSON.parse.bind(JSON);
const objectKeys = Object.keys;
const SafePromise = Promise;
const safeSetInterval = setInterval;
const safeClearInterval = clearInterval;
const relied = captureReliedIntrinsics();
/** Snapshot of the shared objects once the candidate is loaded: what a case changes beyond it poisons later cases. */
let guard: IntrinsicsGuard | undefined;

function argument(name: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (!value) {
    process.stderr.write(`rtconf agent: missing ${name}; this file is started by rtconf, not by hand\n`);
    process.exit(2);
  }
  return value;
}

function runtimeInfo(): { name: string; version: string; execPath: string } {
  const deno = (globalThis as { Deno?: { version?: { deno?: string } } }).Deno;
  if (deno?.version?.deno) return { name: 'deno', version: deno.version.deno, execPath: process.execPath };
  const versions = process.versions as Record<string, string | undefined>;
  if (versions.bun) return { name: 'bun', version: versions.bun, execPath: process.execPath };
  return { name: 'node', version: process.version.replace(/^v/, ''), execPath: process.execPath };
}

/** Errors thrown from callbacks or unawaited rejections while a case runs: they turn a pass into an error. */
let stray: unknown[] = [];
process.on('uncaughtException', (error: unknown) => stray.push(error));
process.on('unhandledRejection', (error: unknown) => stray.push(error));

class Channel {
  private readonly framer = new LineFramer(MAX_LINE_BYTES);
  private readonly waiting = new Map<number, (message: HostMessage) => void>();
  onMessage: (message: HostMessage) => void = () => undefined;

  constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => this.receive(chunk));
    // The harness went away (finished, interrupted or killed): nothing of ours may outlive it.
    socket.on('close', () => exitWithGroup());
    socket.on('error', () => exitWithGroup());
  }

  send(message: AgentMessage): void {
    this.socket.write(`${encodeWire(message, stringify)}\n`);
  }

  request(message: AgentMessage & { id: number }): Promise<HostMessage> {
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve);
      this.send(message);
    });
  }

  private receive(chunk: string): void {
    const { lines, overflow } = this.framer.push(chunk);
    if (overflow) exitWithGroup();
    for (const line of lines) {
      const message = decodeWire(line, parse) as HostMessage;
      const id = (message as { id?: unknown }).id;
      const waiter = typeof id === 'number' && (message.type === 'certificates' || message.type === 'trusted') ? this.waiting.get(id) : undefined;
      if (waiter) {
        this.waiting.delete(id as number);
        waiter(message);
      } else {
        this.onMessage(message);
      }
    }
  }
}

function exitWithGroup(): never {
  // The agent leads its own process group: take any children a case left behind down with it.
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    // not a group leader here (or the runtime refuses negative pids): exiting is the best we can do
  }
  process.exit(0);
}

type CertificateSet = Awaited<ReturnType<Fixtures['certificates']>>;

function createFixtures(channel: Channel, fixturesDir: string): Fixtures {
  let nextId = 1;
  let certificates: Promise<CertificateSet> | undefined;
  // The trusted peers live in the harness: each operation is a request over the channel.
  const trusted = trustedPeersOver(async (operation, args) => {
    const reply = await channel.request({ type: 'trusted', id: nextId++, operation, args });
    if (reply.type !== 'trusted') throw new Error('unexpected reply to a trusted-peer request');
    if (reply.error !== undefined) throw new Error(`the harness's trusted peer failed: ${reply.error}`);
    return reply.result as never;
  });
  return {
    trustedServer: trusted.trustedServer,
    trustedClient: trusted.trustedClient,
    path: (name: string) => join(fixturesDir, name),
    execPath: process.execPath,
    certificates() {
      // Minted once per run by the harness (in its own trusted runtime) and shared with every agent.
      certificates ??= channel.request({ type: 'certificates', id: nextId++ }).then((reply) => {
        if (reply.type !== 'certificates') throw new Error('unexpected reply to a certificates request');
        if (reply.error !== undefined) throw new Error(reply.error);
        return reply.set as CertificateSet;
      });
      return certificates;
    },
  };
}

async function loadOracle(): Promise<CandidateModules> {
  const oracle: CandidateModules = {};
  // Each part on its own: an oracle module missing from this build only affects the cases that use it.
  await Promise.allSettled([
    import('../../reference/querystring.js').then((m) => (oracle.querystring = m.default as CandidateModules['querystring'])),
    import('../../reference/child_process.js').then((m) => (oracle.child_process = m.default as unknown as CandidateModules['child_process'])),
    import('../../reference/https.js').then((m) => (oracle.https = m.default as unknown as CandidateModules['https'])),
  ]);
  return oracle;
}

const extraCases = new Map<string, CaseDefinition>();

async function loadCaseModules(files: readonly string[]): Promise<void> {
  for (const file of files) {
    const namespace = (await import(pathToFileURL(file).href)) as { cases?: unknown };
    if (!Array.isArray(namespace.cases)) throw new Error(`${file} exports no cases array`);
    for (const definition of namespace.cases as CaseDefinition[]) extraCases.set(definition.id, definition);
  }
}

async function runOne(
  channel: Channel,
  id: string,
  init: Init,
  loaded: LoadedCandidate,
  oracle: CandidateModules,
  fixtures: Fixtures,
): Promise<{ result: CaseResult; recycle?: string }> {
  const definition = extraCases.get(id) ?? caseById(id);
  if (!definition) {
    return { result: { case: id, module: 'querystring', rules: [], status: 'error', durationMs: 0, message: `no case ${id} in this agent build` } };
  }
  const base = { case: definition.id, module: definition.module, rules: definition.rules };
  const loadError = loaded.loadErrors[definition.module];
  if (loadError) return { result: { ...base, status: 'error', durationMs: 0, message: `rt:${definition.module} failed to load in this runtime: ${loadError}` } };
  stray = [];
  const candidate: CandidateInfo = init.candidate;
  let result: CaseResult;
  // While the case runs, the harness hears from us: silence past the case's limit means a loop that never yields.
  const heartbeat = safeSetInterval(() => channel.send({ type: 'alive' }), HEARTBEAT_MS);
  try {
    result = await executeCase(definition, {
      candidate,
      ...(loaded.declared ? { declared: loaded.declared } : {}),
      modules: loaded.modules,
      oracle,
      fixtures,
      runSeed: init.runSeed,
      timeoutMs: init.timeoutMs,
      ruleById,
    });
  } catch (thrown) {
    result = { ...base, status: 'error', durationMs: 0, message: `the harness failed around the case: ${describeError(thrown).message}` };
  }
  // The case is over when the event loop turns again: a candidate that left an endless chain of promise jobs (an
  // async loop that never yields) has hung the agent, and the case must not pass; the heartbeat stops, and the
  // harness ends the case as stuck.
  await new SafePromise<void>((resolve) => nextTurn(resolve));
  safeClearInterval(heartbeat);
  if (stray.length > 0 && result.status === 'pass') {
    result = { ...result, status: 'error', message: `uncaught during the case: ${describeError(stray[0]).message}` };
  }
  const damage = guard?.damage();
  if (damage === undefined) return { result };
  guard?.repair();
  const message = `the case left the global environment modified: ${damage}`;
  return { result: result.status === 'pass' ? { ...result, status: 'error', message } : result, recycle: message };
}

async function main(): Promise<void> {
  const port = Number(argument(AGENT_PORT_ARG));
  const token = argument(AGENT_TOKEN_ARG);
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const channel = new Channel(socket);
  let init: Init | undefined;
  let loaded: LoadedCandidate | undefined;
  let oracle: CandidateModules = {};
  let fixtures: Fixtures | undefined;
  let queue = Promise.resolve();
  channel.onMessage = (message) => {
    // Messages are handled strictly one after another: one case at a time per agent.
    queue = queue.then(async () => {
      if (message.type === 'init') {
        init = message;
        try {
          oracle = await loadOracle();
          await loadCaseModules(message.caseModules ?? []);
          // The candidate last: one that breaks Promise.prototype.then at load also breaks every dynamic import()
          // after it, and the agent must still get as far as saying so.
          loaded = await loadCandidateModules(message.load);
        } catch (error) {
          const reason = error instanceof CandidateLoadError ? error.message : `candidate failed to load: ${describeError(error).message}`;
          channel.send({ type: 'fatal', message: reason });
          return;
        }
        fixtures = createFixtures(channel, message.fixturesDir);
        // Checked right after the candidate loaded: if it broke what every case relies on, the harness ends every
        // case at once with that reason instead of waiting out one time limit per case.
        const broken = await relied.broken();
        guard = guardIntrinsics();
        channel.send({
          type: 'ready',
          runtime: runtimeInfo(),
          ...(loaded.name !== undefined ? { name: loaded.name } : {}),
          ...(loaded.version !== undefined ? { version: loaded.version } : {}),
          modules: objectKeys(loaded.modules),
          ...(broken.length > 0 ? { broken } : {}),
        });
        return;
      }
      if (message.type === 'run' && init && loaded && fixtures) {
        channel.send({ type: 'started', case: message.case });
        const { result, recycle } = await runOne(channel, message.case, init, loaded, oracle, fixtures);
        channel.send({ type: 'result', result, ...(recycle ? { recycle } : {}) });
        if (recycle) setTimeout(exitWithGroup, 50);
      }
    });
  };
  channel.send({ type: 'hello', token, pid: process.pid });
}

main().catch((error: unknown) => {
  process.stderr.write(`rtconf agent: ${describeError(error).message}\n`);
  process.exit(3);
});
