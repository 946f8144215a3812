// `rtconf bisect --candidate runtime:NAME@RANGE (--case GLOB | --rule GLOB)...`: dates the releases where the
// selected cases change status (`runtime:workerd@RANGE[,date=…][,flags=…]` too: each probe keeps the date and flags). Lists the runtime's published releases in the range, installs only the ones it
// probes, binary-searches between them (runners/bisect/bisect-releases.ts) and prints, per case, the last release with
// one status and the first with the other; a case that changes more than once is reported as non-monotonic, and
// releases that cannot run the suite (too old for the agent) are reported apart, never as a status.
import { compare } from 'semver';
import type { CaseMeta } from '../../conformance/case.js';
import { selectCases } from '../../conformance/registry.js';
import { shellQuote } from '../../io/shell-quote.js';
import { clip } from '../../io/message-text.js';
import { BARE, parseCandidateSpec, type BareSpec, type WorkerdSpec } from '../../results/candidate-spec.js';
import { replayCommand } from '../../results/replay.js';
import { bisectReleases, type BisectReport, type CaseHistory, type Change, type Probe } from '../../runners/bisect/bisect-releases.js';
import { createRuntimeProbe, probedSpec } from '../../runners/bisect/probe-runtime.js';
import { defaultJobs } from '../../runners/job-pool.js';
import { listReleases, type ReleasedRuntime, type ReleaseList } from '../../runners/runtimes/release-list.js';
import { randomSeed } from '../../runners/seed.js';
import { parseInteger, parseModule, parseVerb } from '../parse.js';
import { DEFAULT_MAX_PROBES, DEFAULT_SAMPLES, DEFAULT_TIMEOUT_MS, VERBS } from '../verbs.js';
import { EXIT_INTERRUPTED, onInterrupt } from '../interrupt.js';
import { NO_CASE_MATCHES, UsageError } from '../usage-error.js';

const USAGE = `rtconf ${VERBS.bisect.usage[0]}; see rtconf bisect --help`;

/** What the command needs from the outside world; tests hand in fakes (no registry, no downloads). */
export interface BisectDeps {
  listReleases(runtime: ReleasedRuntime, range: string): Promise<ReleaseList>;
  createProbe(options: {
    runtime: ReleasedRuntime;
    workerd?: WorkerdOptions;
    bare?: BareOptions;
    cases: readonly CaseMeta[];
    seed: number;
    timeoutMs: number;
    jobs: number;
    signal: AbortSignal;
  }): (version: string) => Promise<Probe>;
}

const REAL: BisectDeps = { listReleases: (runtime, range) => listReleases(runtime, range), createProbe: createRuntimeProbe };

/** A workerd candidate's date and flags, which every probe keeps. */
type WorkerdOptions = Pick<WorkerdSpec, 'compatibilityDate' | 'compatibilityFlags'>;
/** A Bare candidate's layer, which every probe keeps. */
type BareOptions = Pick<BareSpec, 'layer'>;

/** The report as `--json` prints it: the search's own report plus what was asked. */
export interface BisectJson {
  readonly runtime: ReleasedRuntime;
  /** workerd only: the compatibility date (absent: each release's own) and flags every probe ran with. */
  readonly workerd?: WorkerdOptions;
  /** Bare only: the layer every probe ran through, when one was named. */
  readonly bare?: BareOptions;
  readonly package: string;
  readonly range: string;
  readonly seed: number;
  /** `status`, or `message` when failures with different messages were told apart (--by message). */
  readonly by: 'status' | 'message';
  /** The selection as given (globs kept as globs), for "bisect again". */
  readonly selection: { readonly modules: readonly string[]; readonly rules: readonly string[]; readonly cases: readonly string[] };
  readonly cases: readonly CaseHistory[];
  readonly unusable: BisectReport['unusable'];
  readonly incomplete: boolean;
  readonly releases: readonly string[];
  readonly probes: readonly ProbeJson[];
}

type ProbeJson =
  | { readonly version: string; readonly kind: 'ran'; readonly durationMs: number; readonly results: Record<string, { status: string; message?: string; note?: string }> }
  | { readonly version: string; readonly kind: 'unusable'; readonly durationMs: number; readonly reason: string };

export async function main(argv: readonly string[], deps: BisectDeps = REAL): Promise<number> {
  const { values } = parseVerb('bisect', argv);
  const specs = values.candidate ?? [];
  if (specs.length !== 1) throw new UsageError(`bisect: expected exactly one --candidate runtime:NAME@RANGE, got ${specs.length} (${USAGE})`);
  const spec = specs[0] as string;
  const parsed = parseCandidateSpec(spec);
  if (parsed.kind !== 'workerd' && parsed.kind !== 'bare' && (parsed.kind !== 'runtime' || parsed.from !== 'registry')) {
    throw new UsageError(`bisect: --candidate must be a runtime from the registry with a range, e.g. runtime:node@'>=18 <20', got "${spec}"`);
  }
  const runtime: ReleasedRuntime = parsed.kind === 'workerd' ? 'workerd' : parsed.kind === 'bare' ? BARE : parsed.runtime;
  const bare: BareOptions | undefined = parsed.kind === 'bare' && parsed.layer !== undefined ? { layer: parsed.layer } : undefined;
  const workerd: WorkerdOptions | undefined =
    parsed.kind === 'workerd' ? { ...(parsed.compatibilityDate !== undefined ? { compatibilityDate: parsed.compatibilityDate } : {}), compatibilityFlags: parsed.compatibilityFlags } : undefined;
  if ((values.case ?? []).length === 0 && (values.rule ?? []).length === 0) {
    throw new UsageError(`bisect: select the cases to date with --case GLOB or --rule GLOB (${USAGE})`);
  }
  const modules = (values.module ?? []).map(parseModule);
  const cases = selectCases({ modules, ruleGlobs: values.rule ?? [], caseGlobs: values.case ?? [] });
  if (cases.length === 0) throw new UsageError(NO_CASE_MATCHES);
  const seed = parseInteger('seed', values.seed, 0, 0xffffffff) ?? randomSeed();
  const timeoutMs = parseInteger('timeout', values.timeout, 1, 3_600_000) ?? DEFAULT_TIMEOUT_MS;
  const jobs = parseInteger('jobs', values.jobs, 1, 256) ?? defaultJobs();
  const samples = parseInteger('samples', values.samples, 0, 64) ?? DEFAULT_SAMPLES;
  const maxProbes = parseInteger('max-probes', values['max-probes'], 1, 10_000) ?? DEFAULT_MAX_PROBES;
  const range = parsed.range === undefined || parsed.range === 'latest' ? '*' : parsed.range;
  const by = values.by ?? 'status';
  if (by !== 'status' && by !== 'message') throw new UsageError(`--by must be status or message, got "${by}"`);

  const list = await deps.listReleases(runtime, range);
  const { versions } = list;
  const most = Math.min(versions.length, maxProbes);
  process.stderr.write(
    `rtconf: bisecting ${cases.length} case(s) over ${versions.length} ${runtime} release(s) matching ${range} (${versions[0]} … ${versions[versions.length - 1]}, package ${list.packageName}), seed ${seed}; at most ${most} probe(s)\n`,
  );

  const interrupt = onInterrupt('reporting what the probes so far found');
  const durations = new Map<string, number>();
  let started = 0;
  let report: BisectReport;
  try {
    const probe = deps.createProbe({ runtime, ...(workerd ? { workerd } : {}), ...(bare ? { bare } : {}), cases, seed, timeoutMs, jobs, signal: interrupt.signal });
    report = await bisectReleases({
      releases: versions,
      cases: cases.map((meta) => meta.id),
      probe,
      samples,
      maxProbes,
      compareMessages: by === 'message',
      signal: interrupt.signal,
      onProbeStart: (version, index) => {
        started = performance.now();
        process.stderr.write(`rtconf: probe ${index + 1}: ${runtime} ${version}\n`);
      },
      onProbe: (version, outcome) => {
        const ms = Math.round(performance.now() - started);
        durations.set(version, ms);
        process.stderr.write(`rtconf: probe ${runtime} ${version}: ${describeProbe(outcome)} (${(ms / 1000).toFixed(1)} s)\n`);
      },
    });
  } finally {
    interrupt.dispose();
  }
  const json: BisectJson = {
    runtime,
    ...(workerd ? { workerd } : {}),
    ...(bare ? { bare } : {}),
    package: list.packageName,
    range,
    seed,
    by,
    selection: { modules: values.module ?? [], rules: values.rule ?? [], cases: values.case ?? [] },
    cases: report.cases,
    unusable: report.unusable,
    incomplete: report.incomplete,
    releases: versions,
    probes: report.probes.map(({ version, probe }) => probeJson(version, probe, durations.get(version) ?? 0)),
  };
  process.stdout.write(values.json ? `${JSON.stringify(json, null, 2)}\n` : formatBisect(json, { maxProbes }));
  return interrupt.signal.aborted ? EXIT_INTERRUPTED : 0;
}

function probeJson(version: string, probe: Probe, durationMs: number): ProbeJson {
  if (probe.kind === 'unusable') return { version, kind: 'unusable', durationMs, reason: probe.reason };
  const results: Record<string, { status: string; message?: string; note?: string }> = {};
  for (const [id, result] of probe.results) results[id] = { status: result.status, ...(result.message ? { message: result.message } : {}), ...(result.note ? { note: result.note } : {}) };
  return { version, kind: 'ran', durationMs, results };
}

/** "pass 2, fail 1" or "cannot run the suite: …" */
function describeProbe(probe: Probe): string {
  if (probe.kind === 'unusable') return `cannot run the suite: ${probe.reason}`;
  const counts = new Map<string, number>();
  for (const { status } of probe.results.values()) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status} ${count}`).join(', ') || 'no result';
}

/**
 * The text report: per case what changed where, then the releases that could not run the suite, then what was
 * probed, then a command to replay each change on both sides.
 */
export function formatBisect(json: BisectJson, options: { maxProbes?: number } = {}): string {
  const name = json.runtime;
  const lines: string[] = [];
  const releases = json.releases;
  const whole = `${releases[0]} … ${releases[releases.length - 1]}`;
  for (const history of json.cases) {
    switch (history.verdict) {
      case 'unusable':
        lines.push(`${history.case}: no probed release could run the suite`);
        break;
      case 'unchanged': {
        const ran = history.segments.filter((segment) => segment.state !== 'unusable');
        const only = ran[0];
        lines.push(`${history.case}: unchanged: ${only?.state} in every probed release that ran (${only?.from} … ${ran[ran.length - 1]?.to})`);
        // One status everywhere, but not one failure: --by message would date where the message changed.
        const messages = json.by === 'status' ? messagesOf(json, history.case) : [];
        if (messages.length > 1) lines.push(`  but its message differs between releases (${messages.length} different first lines): to date that, bisect again with --by message`);
        break;
      }
      case 'changed':
      case 'non-monotonic': {
        const [first] = history.changes;
        lines.push(
          history.verdict === 'changed' && first
            ? `${history.case}: ${transition(first)}: ${name} changed this ${first.exact ? `in v${first.first}` : `after v${first.last}, in or before v${first.first}`}`
            : `${history.case}: non-monotonic: ${history.changes.length} changes over ${whole}`,
        );
        for (const change of history.changes) {
          // The two sides plainly, each with its status and message: "up to node 18.20.8: fail: …", "from node 19.0.0: pass".
          const before = `up to ${name} ${change.last}:`;
          const after = `from ${name} ${change.first}:`;
          const width = Math.max(before.length, after.length);
          const gap = change.exact ? '' : ' (releases between them not probed: --max-probes reached)';
          lines.push(`  ${before.padEnd(width)} ${change.before}${change.messageBefore ? `: ${change.messageBefore}` : ''}${gap}`);
          lines.push(`  ${after.padEnd(width)} ${change.after}${change.messageAfter ? `: ${change.messageAfter}` : ''}`);
        }
        if (history.verdict === 'non-monotonic') {
          lines.push(`  history: ${history.segments.map((segment) => `${segment.state}${segment.message ? ` (${clip(segment.message, 60)})` : ''} ${segment.from === segment.to ? segment.from : `${segment.from} … ${segment.to}`}`).join(' · ')}`);
        }
        break;
      }
    }
  }
  lines.push('');
  const span = (from: string, to: string): string => (from === to ? from : `${from} … ${to}`);
  for (const unusable of json.unusable) {
    const where = `${name} ${span(unusable.from, unusable.to)} cannot run the suite${unusable.exact ? '' : ' (boundary not narrowed)'}`;
    const [only, ...more] = unusable.reasons;
    if (only && more.length === 0) {
      lines.push(`${where}: ${only.reason}`);
      continue;
    }
    lines.push(`${where}:`);
    for (const item of unusable.reasons) lines.push(`  ${span(item.from, item.to)}: ${item.reason}`);
  }
  const probed = json.probes.map((probe) => probe.version);
  lines.push(`${probed.length} of ${releases.length} release(s) probed (${[...probed].sort(compare).join(', ')}), seed ${json.seed}`);
  const noted = json.probes.flatMap((probe) => (probe.kind === 'ran' ? Object.entries(probe.results).filter(([, result]) => result.note).map(([id, result]) => `${id} in ${probe.version}: ${result.note}`) : []));
  if (noted.length > 0) lines.push(`second runs (a timeout or crash on a first run; the second run's status stands): ${noted.join('; ')}`);
  if (json.incomplete) {
    lines.push(
      options.maxProbes !== undefined && probed.length >= options.maxProbes
        ? `incomplete: --max-probes ${options.maxProbes} reached before every change was narrowed to adjacent releases`
        : 'incomplete: interrupted before every change was narrowed to adjacent releases',
    );
  }
  const replays = json.cases.flatMap((history) =>
    history.changes.flatMap((change) => [change.last, change.first].map((version) => replayCommand(runtimeAt(json, version), history.case, json.seed))),
  );
  if (replays.length > 0) {
    lines.push('replay each side of a change:');
    for (const command of [...new Set(replays)]) lines.push(`  ${command}`);
  }
  // The selection as given: a glob stays one --case, not one per case it matched. Suggest --by message where only
  // the messages changed.
  const byMessage = json.by === 'message' || json.cases.some((history) => history.verdict === 'unchanged' && messagesOf(json, history.case).length > 1);
  const selection = [
    ...json.selection.modules.map((module) => `--module ${shellQuote(module)}`),
    ...json.selection.rules.map((glob) => `--rule ${shellQuote(glob)}`),
    ...json.selection.cases.map((glob) => `--case ${shellQuote(glob)}`),
  ];
  lines.push(`bisect again: npx rtconf bisect --candidate ${shellQuote(runtimeAt(json, json.range))} ${selection.join(' ')} --seed ${json.seed}${byMessage ? ' --by message' : ''}`);
  return `${lines.join('\n')}\n`;
}

/** `runtime:NAME@RANGE` (workerd's with its date and flags), as the grammar writes it. */
function runtimeAt(json: Pick<BisectJson, 'runtime' | 'workerd' | 'bare'>, range: string): string {
  return probedSpec(json, range);
}

/** "fail → pass", or "fail → fail with another message" when only the message changed (--by message). */
function transition(change: Change): string {
  return change.before === change.after ? `${change.before} → ${change.after} with another message` : `${change.before} → ${change.after}`;
}

/** The distinct messages (first lines) a case failed with over the probes that ran it. */
function messagesOf(json: BisectJson, caseId: string): string[] {
  const messages = new Set<string>();
  for (const probe of json.probes) {
    const message = probe.kind === 'ran' ? probe.results[caseId]?.message : undefined;
    if (message !== undefined) messages.add(message);
  }
  return [...messages];
}

