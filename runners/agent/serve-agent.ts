// The agent's side of the protocol, whatever carries it: given its channel to the harness (channel.ts), the agent loads
// the candidate when told to, then runs one case per `run` message and answers with one `result` each, sending
// heartbeats while a case runs and asking the harness for certificates and trusted-peer operations. Each entry point
// (agent-main.ts for a process agent) opens the channel and says how the agent ends; everything else is here, once.
import { loadReferenceOracle } from '../reference-modules.js';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CaseDefinition, Fixtures } from '../../conformance/case.js';
import type { CandidateModules } from '../../conformance/modules.js';
import { caseById } from '../../conformance/registry.js';
import { trustedPeersOver } from '../fixtures/trusted-peers-over.js';
import { ruleById } from '../../spec/index.js';
import { caseFields, type CandidateInfo, type CaseResult } from '../../results/results-file.js';
import { executeCase } from '../execute-case.js';
import { describeError } from '../describe-error.js';
import { originFile, packageFilesBut, StrayWindows, type HarnessFiles, type StrayKind } from '../stray-errors.js';
import { takeFitnessBaseline, type FitnessBaseline } from './agent-fitness.js';
import { captureReliedIntrinsics, guardIntrinsics, type IntrinsicsGuard } from './intrinsics.js';
import { CandidateLoadError, loadCandidateModules, type LoadedCandidate } from './load-candidate-modules.js';
import { HEARTBEAT_MS, type AgentMessage, type HostMessage } from './protocol.js';
import type { HarnessChannel } from './channel.js';
import { decodeWire, encodeWire } from './wire-json.js';

/** What the agent says it runs in (the `ready` message), and the executable the fixtures' `execPath` names. */
export type RuntimeInfo = Extract<AgentMessage, { type: 'ready' }>['runtime'];

/**
 * What differs between the places an agent runs in: how it ends, how it hears of errors nobody caught, and what
 * runtime it is (read from `process` where Node, Bun and Deno have it, unless the platform says).
 */
export interface AgentPlatform {
  /**
   * Ends the agent and everything it started: called when the harness went away (the channel closed) and after a
   * case left the global environment modified (the harness then starts a fresh agent). A process exits with its group.
   */
  exit(): void;
  /** Calls `listener` with each error thrown from a callback, and each rejection nobody handled, from now on, saying which. */
  onStrayError(listener: (error: unknown, kind: StrayKind) => void): void;
  /** What the runtime is, where `process` does not tell (a Worker's `process` says it is Node). */
  runtime?(): RuntimeInfo;
  /** Imports a module by its path on the harness's machine, where the agent cannot read that path (a Worker). */
  importFile?(path: string): Promise<unknown>;
}

type Init = Extract<HostMessage, { type: 'init' }>;

// Captured before the candidate is loaded and before any case runs: a candidate that replaces JSON or poisons
// prototypes must not garble our reports.
export const stringify = JSON.stringify.bind(JSON);
const parse = JSON.parse.bind(JSON);
const objectKeys = Object.keys;
const SafePromise = Promise;
const safeSetInterval = setInterval;
// The global, not node:timers: a Worker of an older workerd has setImmediate but no node:timers module.
const nextTurn: (callback: () => void) => unknown = typeof setImmediate === 'function' ? setImmediate : (callback) => setTimeout(callback, 0);
const safeClearInterval = clearInterval;
const relied = captureReliedIntrinsics();
/** Snapshot of the shared objects once the candidate is loaded: what a case changes beyond it poisons later cases. */
let guard: IntrinsicsGuard | undefined;

function processRuntimeInfo(): RuntimeInfo {
  const deno = (globalThis as { Deno?: { version?: { deno?: string } } }).Deno;
  if (deno?.version?.deno) return { name: 'deno', version: deno.version.deno, execPath: process.execPath };
  const versions = process.versions as Record<string, string | undefined>;
  if (versions.bun) return { name: 'bun', version: versions.bun, execPath: process.execPath };
  return { name: 'node', version: process.version.replace(/^v/, ''), execPath: process.execPath };
}

/** Where this module's code is, as stack frames name it: the agent bundle, or this file when a test runs it from sources. */
const OWN_FILE = originFile(new Error().stack ?? '');

/**
 * The harness's own code in this agent: the bundle this module is part of (cases, kit, chai and the oracle with it),
 * the extra case modules a test hands it, or, run from its sources, the package but the reference. The candidate's
 * code is anywhere else (its files, the runtime's own modules).
 */
function harnessFiles(caseFiles: readonly string[]): HarnessFiles {
  const own = OWN_FILE;
  const fromSources = own !== undefined && /\/runners\/agent\/serve-agent\.[cm]?[jt]s$/.test(own) ? packageFilesBut(own, 2, ['reference']) : undefined;
  return (file) => file === own || fromSources?.(file) === true || caseFiles.some((path) => file.includes(path));
}

/** Messages over the channel, with the agent's requests matched to the harness's replies by id. */
class Channel {
  private readonly waiting = new Map<number, (message: HostMessage) => void>();
  onMessage: (message: HostMessage) => void = () => undefined;

  constructor(private readonly harness: HarnessChannel) {}

  /** Starts receiving, once `onMessage` is set. */
  open(platform: AgentPlatform): void {
    this.harness.listen({
      frame: (frame) => this.receive(frame),
      // The harness went away (finished, interrupted or killed): nothing of ours may outlive it.
      closed: () => platform.exit(),
    });
  }

  send(message: AgentMessage): void {
    this.harness.send(encodeWire(message, stringify));
  }

  /** Waits until what was sent has left (channel.ts, `flush`). */
  async flush(): Promise<void> {
    await this.harness.flush?.();
  }

  request(message: AgentMessage & { id: number }): Promise<HostMessage> {
    return new Promise((resolve) => {
      this.waiting.set(message.id, resolve);
      this.send(message);
    });
  }

  private receive(frame: string): void {
    const message = decodeWire(frame, parse) as HostMessage;
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

type CertificateSet = Awaited<ReturnType<Fixtures['certificates']>>;

function createFixtures(channel: Channel, fixturesDir: string, execPath: string): Fixtures {
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
    execPath,
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

const extraCases = new Map<string, CaseDefinition>();

/** The strays of this agent's case windows (runners/stray-errors.ts). */
let strays = new StrayWindows(harnessFiles([]));

async function loadCaseModules(files: readonly string[], platform: AgentPlatform): Promise<void> {
  for (const file of files) {
    const namespace = (await (platform.importFile ? platform.importFile(file) : import(pathToFileURL(file).href))) as { cases?: unknown };
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
  const base = caseFields(definition);
  const loadError = loaded.loadErrors[definition.module];
  if (loadError) return { result: { ...base, status: 'error', durationMs: 0, message: `rt:${definition.module} failed to load in this runtime: ${loadError}` } };
  const absent = loaded.absent?.[definition.module];
  if (absent) return { result: { ...base, status: 'skip', durationMs: 0, message: `candidate does not provide ${definition.module}: ${absent}` } };
  strays.open();
  const candidate: CandidateInfo = init.candidate;
  let result: CaseResult;
  // While the case runs, the harness hears from us: silence past the case's limit means a loop that never yields.
  const heartbeat = safeSetInterval(() => channel.send({ type: 'alive' }), HEARTBEAT_MS);
  try {
    result = await executeCase(definition, {
      candidate,
      ...(loaded.declared ? { declared: loaded.declared } : {}),
      ...(loaded.httpsLoadTarget ? { httpsLoadTarget: loaded.httpsLoadTarget } : {}),
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
  // harness ends the case as stuck. By then a rejection the case's last events left unhandled has been reported (its
  // cleanups waited for its children to close). No later than that: a timer the candidate left behind runs after the
  // case, not in it.
  await new SafePromise<void>((resolve) => nextTurn(resolve));
  safeClearInterval(heartbeat);
  result = strays.close(result, ruleById);
  const damage = guard?.damage();
  if (damage === undefined) return { result };
  guard?.repair();
  const message = `the case left the global environment modified: ${damage}`;
  return { result: result.status === 'pass' ? { ...result, status: 'error', message } : result, recycle: message };
}

/** How long an agent asked to load another candidate waits for an earlier case's last handles to close. */
const SETTLE_MS = 200;

/**
 * Why this agent may not take another candidate (agent-fitness.ts), once what is closing has had `SETTLE_MS` to close:
 * a stray heard since the last case, tampered intrinsics, or resources, listeners, folder or environment not as after
 * the first load. Undefined: it is as it was, and loads the next candidate as a fresh agent would.
 */
async function unfitness(baseline: FitnessBaseline): Promise<string | undefined> {
  if (strays.heardBetween > 0) return 'an error nobody caught arrived after the last case';
  const damage = guard?.damage();
  if (damage !== undefined) return `the global environment was modified: ${damage}`;
  let reason = baseline.unfitness();
  for (let waited = 0; reason !== undefined && waited < SETTLE_MS; waited += 20) {
    await new SafePromise<void>((resolve) => setTimeout(resolve, 20));
    reason = baseline.unfitness();
  }
  return reason;
}

/** The result of a case the agent's own code failed around (not the case, not the candidate), and the agent's end. */
function harnessFailure(id: string, thrown: unknown): { result: CaseResult; recycle: string } {
  const definition = extraCases.get(id) ?? caseById(id);
  const message = `the harness failed around the case: ${describeError(thrown).message}`;
  return { result: { case: id, module: definition?.module ?? 'querystring', rules: definition?.rules ?? [], status: 'error', durationMs: 0, message }, recycle: message };
}

/**
 * Serves the harness over `harness` until the channel closes: loads the candidate on `init`, runs each case on `run`.
 * @example
 * serveAgent(await connectAsStarted(stringify), { exit: () => process.exit(0), onStrayError: (listener) => process.on('uncaughtException', (error) => listener(error, 'uncaught-exception')) });
 */
export function serveAgent(harness: HarnessChannel, platform: AgentPlatform): void {
  const caseFiles: string[] = [];
  strays = new StrayWindows(harnessFiles(caseFiles));
  platform.onStrayError((error, kind) => strays.note(error, kind));
  const runtime = platform.runtime?.() ?? processRuntimeInfo();
  const channel = new Channel(harness);
  let init: Init | undefined;
  let loaded: LoadedCandidate | undefined;
  let oracle: CandidateModules = {};
  let fixtures: Fixtures | undefined;
  /** What the agent held after its first load: a later `load` is refused when it no longer holds just that. */
  let baseline: FitnessBaseline | undefined;
  let queue = Promise.resolve();
  const loadFailure = (error: unknown): string => (error instanceof CandidateLoadError ? error.message : `candidate failed to load: ${describeError(error).message}`);
  const sendReady = (candidate: LoadedCandidate, broken: readonly string[]): void =>
    channel.send({
      type: 'ready',
      runtime,
      ...(candidate.name !== undefined ? { name: candidate.name } : {}),
      ...(candidate.version !== undefined ? { version: candidate.version } : {}),
      modules: objectKeys(candidate.modules),
      ...(broken.length > 0 ? { broken } : {}),
    });
  channel.onMessage = (message) => {
    // Messages are handled strictly one after another: one case at a time per agent.
    queue = queue.then(async () => {
      if (message.type === 'init') {
        init = message;
        try {
          oracle = await loadReferenceOracle();
          caseFiles.push(...(message.caseModules ?? []));
          await loadCaseModules(message.caseModules ?? [], platform);
          // The candidate last: one that breaks Promise.prototype.then at load also breaks every dynamic import()
          // after it, and the agent must still get as far as saying so.
          loaded = await loadCandidateModules(message.load);
        } catch (error) {
          channel.send({ type: 'fatal', message: loadFailure(error) });
          return;
        }
        fixtures = createFixtures(channel, message.fixturesDir, runtime.execPath);
        // Checked right after the candidate loaded: if it broke what every case relies on, the harness ends every
        // case at once with that reason instead of waiting out one time limit per case.
        const broken = await relied.broken();
        guard = guardIntrinsics();
        baseline = takeFitnessBaseline();
        sendReady(loaded, broken);
        return;
      }
      if (message.type === 'load' && init && loaded && baseline) {
        const unfit = await unfitness(baseline);
        if (unfit !== undefined) {
          channel.send({ type: 'unfit', reason: unfit });
          return;
        }
        try {
          loaded = await loadCandidateModules(message.load);
        } catch (error) {
          channel.send({ type: 'fatal', message: loadFailure(error) });
          return;
        }
        init = { ...init, candidate: message.candidate, load: message.load };
        const broken = await relied.broken();
        // A fresh agent would take what loading this candidate changed as its starting point; this one took the first
        // candidate's, so it cannot judge the cases after it: the harness starts a fresh agent instead.
        const damage = guard?.damage();
        if (damage !== undefined) {
          channel.send({ type: 'unfit', reason: `loading the candidate modified the global environment: ${damage}` });
          return;
        }
        sendReady(loaded, broken);
        return;
      }
      if (message.type === 'run' && init && loaded && fixtures) {
        channel.send({ type: 'started', case: message.case });
        await channel.flush();
        // Whatever goes wrong around the case in this runtime, the harness hears of it as this case's error, and a
        // fresh agent takes the next case, instead of waiting out the case's time limit.
        const { result, recycle } = await runOne(channel, message.case, init, loaded, oracle, fixtures).catch((thrown: unknown) => harnessFailure(message.case, thrown));
        channel.send({ type: 'result', result, ...(recycle ? { recycle } : {}) });
        if (recycle) setTimeout(() => platform.exit(), 50);
      }
    });
  };
  channel.open(platform);
}
