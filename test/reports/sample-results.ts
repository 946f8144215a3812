// Builds realistic results files for the report tests without running the suite: a deterministic mix of candidates,
// modules, sections, statuses, messages and counterexamples, plus a hostile candidate on request.
import type { ModuleName } from '../../spec/rule.js';
import { summarize, type CandidateInfo, type CaseResult, type ResultsFile, type RuleSummary, type Status } from '../../results/results-file.js';
import { join } from 'node:path';
import { writeFileAtomically } from '../../io/atomic-write.js';
import { serializeResults } from '../../results/serialize-results.js';

export interface SampleOptions {
  /** Number of candidates (reference, host, runtimes, adapters, in that order); default 3. */
  readonly candidates?: number;
  /** Number of cases across the three modules; default 60. */
  readonly cases?: number;
  /** PRNG seed: the same options give the same file. */
  readonly seed?: number;
  /** Share of results of non-reference candidates that do not pass; default 0.08. */
  readonly failureRate?: number;
  /** Append a candidate whose name, id and messages are HTML/script payloads. */
  readonly hostile?: boolean;
  readonly startedAt?: string;
}

/** The global a payload would set if it ever ran in the report page. */
export const PAYLOAD_FLAG = '__rtconfPwned';
export const HOSTILE_NAME = `<img src=x onerror="window.${PAYLOAD_FLAG}=1">evil</script><script>window.${PAYLOAD_FLAG}=2</script><!--`;
export const HOSTILE_ID = `./evil"><svg onload="window.${PAYLOAD_FLAG}=3">.mjs`;
export const HOSTILE_MESSAGE = `expected <b>bold</b> </script><script>window.${PAYLOAD_FLAG}=4</script> <!-- --> \u0000\u001b[31mred&amp;`;

// Rule topics in the shape of the real catalogue: [part, slug, statement]. Sections come from the part.
const TOPICS: Readonly<Record<ModuleName, readonly (readonly [string, string, string])[]>> = {
  querystring: [
    ['parse', 'repeated-keys', 'Repeated keys collect their values into an array, in input order'],
    ['stringify', 'non-finite-numbers', 'Non-finite numbers stringify as an empty string'],
    ['escape', 'unreserved-set', 'escape leaves only unreserved characters and %XX sequences'],
    ['parse', 'max-keys-default', 'maxKeys defaults to 1000 keys'],
    ['stringify', 'arrays', 'Array values repeat the key once per element'],
    ['escape', 'lone-surrogate', 'escape throws a URIError on a lone surrogate'],
    ['parse', 'max-keys-zero', 'maxKeys 0 removes the key limit'],
    ['stringify', 'own-properties', 'Only own enumerable properties are serialized'],
    ['escape', 'unescape-total', 'unescape never throws, whatever the input'],
    ['parse', 'null-prototype', 'The parsed object has a null prototype, also for keys like __proto__'],
    ['stringify', 'bigint', 'BigInt values stringify as their decimal digits'],
    ['escape', 'replaceable', 'escape and unescape are looked up on the exports at call time'],
    ['parse', 'plus-as-space', 'A plus sign decodes to a space'],
    ['stringify', 'custom-encoder', 'A custom encodeURIComponent option is applied to keys and values'],
    ['parse', 'malformed-percent', 'Malformed percent-encoding falls back to the safe decoder instead of throwing'],
    ['parse', 'multi-char-sep', 'Multi-character sep and eq are honoured'],
  ],
  child_process: [
    ['exec', 'max-buffer-default', 'maxBuffer defaults to 1 MiB per stream'],
    ['exec-file', 'encoding-buffer', "encoding 'buffer' delivers stdout and stderr as Buffers"],
    ['fork', 'ipc-json', 'Messages round-trip over the IPC channel with json serialization'],
    ['spawn', 'argv0', "argv0 sets the child's argv[0]"],
    ['exec', 'max-buffer-kill', 'Exceeding maxBuffer kills the child and truncates the output at the limit'],
    ['exec-file', 'exit-code', 'A non-zero exit sets error.code to the exit code'],
    ['fork', 'ipc-advanced', 'advanced serialization carries Map, BigInt, Date and typed arrays'],
    ['spawn', 'cwd-url', 'cwd accepts a file: URL'],
    ['exec', 'timeout-kill', 'timeout kills the child with killSignal'],
    ['exec-file', 'promisify', 'The promisified form resolves { stdout, stderr } and exposes .child'],
    ['fork', 'stdio-one-ipc', "stdio must contain exactly one 'ipc' entry"],
    ['spawn', 'shell-string', 'shell: true runs the command through /bin/sh'],
    ['exec', 'abort-signal', 'An aborted signal reaches the callback as an AbortError'],
    ['exec-file', 'path-lookup', 'Commands are looked up on options.env.PATH'],
    ['fork', 'channel-fd', 'RT_CHANNEL_FD is set in the child for a custom execPath'],
    ['fork', 'silent', "silent pipes the child's stdio to the parent"],
  ],
  https: [
    ['agent', 'max-cached-sessions-default', 'maxCachedSessions defaults to 100'],
    ['server', 'headers-timeout-default', 'headersTimeout defaults to 60000 ms'],
    ['request', 'default-port', 'Requests default to port 443'],
    ['agent', 'session-cache-off', 'maxCachedSessions 0 disables TLS session reuse'],
    ['server', 'max-headers-count-default', 'maxHeadersCount defaults to 2000'],
    ['request', 'url-credentials', 'URL username and password are URI-decoded'],
    ['agent', 'servername-ip', "servername is '' when the target is an IP address"],
    ['server', 'request-timeout-default', 'requestTimeout defaults to 300000 ms'],
    ['request', 'check-server-identity', 'checkServerIdentity can reject a certificate by its pinned key'],
    ['agent', 'keylog', 'The agent forwards keylog events in NSS key log format'],
    ['server', 'keep-alive-timeout-default', 'keepAliveTimeout defaults to 5000 ms'],
    ['request', 'reject-unauthorized', 'rejectUnauthorized refuses a certificate from an untrusted CA'],
    ['agent', 'global-agent-keep-alive', 'globalAgent keeps connections alive with a 5 s timeout'],
    ['server', 'async-dispose', 'Symbol.asyncDispose closes the server'],
    ['request', 'errors-on-request', "Connection errors are emitted on the request's 'error' event"],
  ],
};
const SECTION_OF: Readonly<Record<string, string>> = {
  parse: 'Endpoints › rt:querystring › parse',
  stringify: 'Endpoints › rt:querystring › stringify',
  escape: 'Endpoints › rt:querystring › escape and unescape',
  exec: 'Endpoints › rt:child_process › exec',
  'exec-file': 'Endpoints › rt:child_process › execFile',
  fork: 'Endpoints › rt:child_process › fork',
  spawn: 'Endpoints › rt:child_process › spawn',
  agent: 'Resources › https.Agent',
  server: 'Resources › https.Server',
  request: 'Endpoints › rt:https › request and get',
};
const MODULE_ORDER: readonly ModuleName[] = ['querystring', 'child_process', 'https'];
const CASE_KINDS = ['example', 'property', 'edge-values', 'large-input', 'unicode', 'options-object', 'callback', 'promise'];
const FAILING: readonly Status[] = ['fail', 'fail', 'fail', 'fail', 'error', 'timeout', 'crash'];

/** mulberry32: tiny, fast and good enough to make sample data deterministic. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function candidateAt(index: number): CandidateInfo {
  if (index === 0) return { id: 'reference', name: 'rt-conformance reference', kind: 'reference', version: '0.1.0' };
  if (index === 1) return { id: 'host', name: 'node', kind: 'host', version: 'v20.20.2' };
  const runtimes = ['node@18', 'node@22', 'node@24', 'bun@1', 'deno@2'];
  const runtime = runtimes[index - 2];
  if (runtime) return { id: `runtime:${runtime}`, name: runtime.split('@')[0] ?? runtime, kind: 'runtime', version: runtime.split('@')[1] ?? '' };
  return { id: `./adapters/polyfill-${index}.mjs`, name: `polyfill ${index}`, kind: 'adapter' };
}

/** Builds the rule list: about one rule per three cases, a tenth informative, a few Windows-only. */
export function sampleRules(count: number): RuleSummary[] {
  const rules: RuleSummary[] = [];
  for (let index = 0; index < count; index++) {
    const module = MODULE_ORDER[index % MODULE_ORDER.length] ?? 'querystring';
    const topics = TOPICS[module];
    const position = Math.floor(index / MODULE_ORDER.length);
    const [part, slug, statement] = topics[position % topics.length] ?? ['misc', 'rule', 'A rule'];
    const round = Math.floor(position / topics.length);
    const informative = index % 10 === 9;
    rules.push({
      id: `${module}.${part}.${slug}${round > 0 ? `-${round + 1}` : ''}`,
      module,
      level: informative ? 'informative' : 'normative',
      title: `${statement}${round > 0 ? ` (variant ${round + 1})` : ''}`,
      section: SECTION_OF[part] ?? part,
      // Informative rules say why no case checks them; some normative ones how a vague statement is read, with markup
      // that must stay text on the page.
      ...(informative ? { why: 'No call on a single runtime can observe it.' } : {}),
      ...(!informative && index % 4 === 1 ? { why: `Read as: <em>the first</em> of several; source: rule ${index} & Node's behaviour.` } : {}),
      ...(index % 7 === 3 ? { since: `v${18 + (index % 5)}.0.0` } : {}),
      ...(index % 23 === 11 ? { platforms: ['win32'] } : {}),
    });
  }
  return rules;
}

/**
 * A complete, schema-valid results file.
 * @example
 * const results = buildSampleResults({ candidates: 10, cases: 1000 });
 */
export function buildSampleResults(options: SampleOptions = {}): ResultsFile {
  const seed = options.seed ?? 20240611;
  const random = prng(seed);
  const caseCount = options.cases ?? 60;
  const failureRate = options.failureRate ?? 0.08;
  const rules = sampleRules(Math.max(12, Math.ceil(caseCount / 3)));
  const usedIds = new Set<string>();
  const cases = Array.from({ length: caseCount }, (_, index) => {
    const own = rules[index % rules.length] as RuleSummary;
    const sameModule = rules.filter((rule) => rule.module === own.module && rule.id !== own.id);
    const extra = random() < 0.4 ? [sameModule[Math.floor(random() * sameModule.length)]?.id].filter((id): id is string => id !== undefined) : [];
    const kind = CASE_KINDS[Math.floor(random() * CASE_KINDS.length)] ?? 'example';
    const property = kind === 'property' || random() < 0.15;
    let id = `${own.id}.${kind}`;
    for (let n = 2; usedIds.has(id); n++) id = `${own.id}.${kind}-${n}`;
    usedIds.add(id);
    return {
      id,
      module: own.module,
      rules: [own.id, ...extra.filter((id) => id !== own.id)],
      property,
      windowsOnly: own.platforms?.includes('win32') === true,
    };
  });
  const candidateInfos = Array.from({ length: options.candidates ?? 3 }, (_, index) => candidateAt(index));
  if (options.hostile) candidateInfos.push({ id: HOSTILE_ID, name: HOSTILE_NAME, kind: 'adapter', version: '<i>1.0</i>' });
  const runs = candidateInfos.map((candidate, candidateIndex) => {
    const hostile = candidate.id === HOSTILE_ID;
    // Adapters from index 7 on provide only querystring: their other modules are skipped, as the runner reports it.
    const providesOnlyQuerystring = candidate.kind === 'adapter' && !hostile;
    const results = cases.map((item): CaseResult => {
      const base = { case: item.id, module: item.module, rules: item.rules, durationMs: Math.round(random() * 400 * 10) / 10 };
      if (item.windowsOnly) return { ...base, status: 'na', message: 'applies only on win32' };
      if (providesOnlyQuerystring && item.module !== 'querystring') return { ...base, status: 'skip', message: `the adapter does not provide rt:${item.module}` };
      const fails = candidateIndex > 0 && (hostile ? random() < 0.5 : random() < failureRate);
      if (!fails) return { ...base, status: 'pass' };
      const status = FAILING[Math.floor(random() * FAILING.length)] ?? 'fail';
      return { ...base, status, ...failureDetails(status, item, random, hostile) };
    });
    return { candidate, summary: summarize(results), results };
  });
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed,
    startedAt: options.startedAt ?? '2025-06-11T09:30:00.000Z',
    durationMs: 95_432,
    rules,
    runs,
  };
}

function failureDetails(status: Status, item: { id: string; property: boolean }, random: () => number, hostile: boolean): Partial<CaseResult> {
  if (hostile) {
    return {
      message: HOSTILE_MESSAGE,
      expected: `<script>window.${PAYLOAD_FLAG}=5</script>`,
      actual: `<img src=x onerror="window.${PAYLOAD_FLAG}=6">`,
      counterexample: { value: `["</script><script>window.${PAYLOAD_FLAG}=7</script>"]`, seed: 42, path: '0:1', numRuns: 3 },
    };
  }
  switch (status) {
    case 'timeout':
      return { message: `the case did not finish within 10000 ms` };
    case 'crash':
      return { message: `the agent process died with signal SIGSEGV while running ${item.id}` };
    case 'error':
      return { message: `TypeError: Cannot read properties of undefined (reading 'split')\n    at parse (adapter.mjs:12:17)` };
    default:
      if (item.property) {
        const caseSeed = Math.floor(random() * 0xffffffff);
        return {
          message: `Property failed after ${1 + Math.floor(random() * 90)} tests: expected parse(stringify(x)) to deep equal x`,
          expected: `{ "a": ["1", "2"], "__proto__": "x" }`,
          actual: `{ "a": "2" }`,
          counterexample: { value: `[{"a":["1","2"],"__proto__":"x"}]`, seed: caseSeed, path: `${Math.floor(random() * 50)}:0:1`, numRuns: 100 },
            };
      }
      return {
        message: `expected parse('a=1&a=2') to have property 'a' of [ '1', '2' ]`,
        expected: `[ '1', '2' ]`,
        actual: `'2'`,
        };
  }
}

const EDITED_MESSAGE: Partial<Record<Status, string>> = {
  fail: "AssertionError: expected server.headersTimeout to equal 60000, got 0",
  error: "TypeError: agent.createConnection is not a function",
  timeout: 'the case did not finish within 10000 ms',
  crash: 'the agent process died with signal SIGABRT',
};

export interface StatusEdit {
  readonly candidate: string;
  readonly case: string;
  readonly status: Status;
}

/** A copy of `results` with some statuses changed (summaries recomputed), to make a baseline or a later run. */
export function withStatuses(results: ResultsFile, edits: readonly StatusEdit[]): ResultsFile {
  return {
    ...results,
    runs: results.runs.map((run) => {
      const updated = run.results.map((result): CaseResult => {
        const edit = edits.find((item) => item.candidate === run.candidate.id && item.case === result.case);
        if (!edit) return result;
        const { message: _m, expected: _e, actual: _a, counterexample: _c, ...rest } = result;
        return edit.status === 'pass' || edit.status === 'skip' || edit.status === 'na'
          ? { ...rest, status: edit.status }
          : { ...rest, status: edit.status, message: EDITED_MESSAGE[edit.status] ?? `the case ended with ${edit.status}` };
      });
      return { ...run, results: updated, summary: summarize(updated) };
    }),
  };
}

/** A copy of `results` without the given cases (for every candidate). */
export function withoutCases(results: ResultsFile, caseIds: readonly string[]): ResultsFile {
  const drop = new Set(caseIds);
  return {
    ...results,
    runs: results.runs.map((run) => {
      const kept = run.results.filter((result) => !drop.has(result.case));
      return { ...run, results: kept, summary: summarize(kept) };
    }),
  };
}

/** A small results file from explicit parts; summaries are computed. */
export function resultsOf(rules: readonly RuleSummary[], runs: readonly { candidate: CandidateInfo; results: readonly CaseResult[] }[]): ResultsFile {
  return {
    schemaVersion: 1,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: 1,
    startedAt: '2025-06-11T09:30:00.000Z',
    durationMs: 1000,
    rules,
    runs: runs.map((run) => ({ candidate: run.candidate, results: run.results, summary: summarize(run.results) })),
  };
}

/** Writes `results` as `dir/results.json`, as `rtconf run` would, and returns the file's path. */
export async function writeResults(results: ResultsFile, dir: string): Promise<string> {
  const file = join(dir, 'results.json');
  await writeFileAtomically(file, serializeResults(results));
  return file;
}
