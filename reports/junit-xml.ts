// JUnit XML for CI systems (Jenkins, GitLab, GitHub test reporters): one <testsuite> per candidate × module, one
// <testcase> per case result. It counts as the gate does, from the judgement the verb exits by, so a CI viewer is red
// exactly when the exit code is 1: an unexpected failure is a <failure> (fail) or an <error> (error, timeout, crash,
// flaky); an expected one is <skipped> with its expectation's reason, as pytest writes an xfail; a pass where a
// failure was expected passes, saying so in <system-out>; skip and na are <skipped>. Without a judgement every
// failing status is a failure or an error.
import { MODULES } from '../spec/rule.js';
import type { CandidateRun, CaseResult, ResultsFile } from '../results/results-file.js';
import type { ExpectationMarks, ResultExpectation } from '../results/expectation-marks.js';
import { describeSources } from '../results/expectation-note.js';
import { replayFor } from '../results/replay.js';
import { isFailing } from '../results/status.js';
import { passRate, type PassRate } from '../results/verdict.js';
import { uniqueSafeIds } from './safe-candidate-id.js';
import { escapeXmlAttribute as attr, escapeXmlText as text } from './xml-escape.js';

// Candidate output is untrusted and may be huge; CI viewers choke long before the XML does.
const MAX_FIELD_CHARS = 16_384;
const MAX_MESSAGE_CHARS = 1_024;

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  seconds: number;
}

/** The gate's word on one result, where the judgement had sources to judge by. */
type MarkOf = (result: CaseResult) => ResultExpectation | undefined;

/**
 * Renders a results file as JUnit XML.
 * @param results a validated results file
 * @param judgement the gate's judgement of `results`, as the verb exits by it (`markExpectations`); absent: every
 *   failing status counts
 * @returns the XML document (UTF-8, XML 1.0); every candidate-provided string is escaped
 * @example
 * await writeFile('junit.xml', renderJunitXml(results, markExpectations(results, sources)));
 */
export function renderJunitXml(results: ResultsFile, judgement?: ExpectationMarks): string {
  const safeIds = uniqueSafeIds(results.runs.map((run) => run.candidate.id));
  const timestamp = junitTimestamp(results.startedAt);
  const total: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, seconds: 0 };
  const suites: string[] = [];
  const gate = judgement ? { sources: judgement.sources.map((source) => source.label) } : undefined;
  results.runs.forEach((run, index) => {
    const markOf: MarkOf | undefined = judgement && ((result) => judgement.mark(run.candidate.id, result.case));
    for (const module of MODULES) {
      const cases = run.results.filter((result) => result.module === module);
      if (cases.length === 0) continue;
      const rendered = cases.map((result) => renderCase(result, `${safeIds[index] ?? 'candidate'}.${module}`, replayFor(run.candidate, result.case, result, results.seed), markOf));
      const counts = countOf(rendered.map(({ counted }) => counted), cases);
      for (const key of ['tests', 'failures', 'errors', 'skipped', 'seconds'] as const) total[key] += counts[key];
      const verdict = passRate(run, results.rules, module);
      const judged = gate && gate.sources.length > 0 ? { sources: gate.sources, unexpected: cases.filter((result) => markOf?.(result)?.outcome === 'unexpected').length } : undefined;
      suites.push(renderSuite(run, `${safeIds[index] ?? 'candidate'}.${module}`, rendered.map(({ xml }) => xml), counts, verdict, timestamp, results.seed, suites.length, results.interface?.version, judged));
    }
  });
  const name = `${results.tool.name} ${results.tool.version}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(name)}" ${countAttributes(total)} timestamp="${timestamp}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** How one test case counts in its suite's attributes. */
type Counted = 'pass' | 'failure' | 'error' | 'skipped';

function renderSuite(
  run: CandidateRun,
  className: string,
  cases: readonly string[],
  counts: Counts,
  rate: PassRate,
  timestamp: string,
  seed: number,
  id: number,
  interfaceVersion: string | undefined,
  gate: { readonly sources: readonly string[]; readonly unexpected: number } | undefined,
): string {
  const { candidate } = run;
  const properties = [
    ['candidate.id', candidate.id],
    ['candidate.name', candidate.name],
    ['candidate.kind', candidate.kind],
    ...(candidate.version === undefined ? [] : [['candidate.version', candidate.version]]),
    ['seed', String(seed)],
    ...(interfaceVersion === undefined ? [] : [['interface', interfaceVersion]]),
    ['verdict', rate.verdict],
    ['normative-rules-passed', `${rate.passed}/${rate.evaluated}`],
    ...(gate ? [['gate.sources', describeSources(gate.sources)], ['gate.unexpected', String(gate.unexpected)]] : []),
  ].map(([key = '', value = '']) => `      <property name="${attr(key)}" value="${attr(value)}"/>`);
  return [
    `  <testsuite name="${attr(className)}" id="${id}" package="${attr(className.slice(0, className.lastIndexOf('.')))}" ${countAttributes(counts)} timestamp="${timestamp}" hostname="localhost">`,
    '    <properties>',
    ...properties,
    '    </properties>',
    ...cases,
    '  </testsuite>',
  ].join('\n');
}

/** One test case, and how it counts: as the judgement marks it, when there is one. */
function renderCase(result: CaseResult, className: string, replay: string, markOf?: MarkOf): { xml: string; counted: Counted } {
  const open = `    <testcase classname="${attr(className)}" name="${attr(result.case)}" time="${seconds(result.durationMs)}"`;
  const close = (body: string): string => `${open}>\n${body}\n    </testcase>`;
  const mark = markOf?.(result);
  if (result.status === 'pass') {
    if (mark?.outcome !== 'unexpected-pass') return { xml: `${open}/>`, counted: 'pass' };
    // A pass the gate lets by, saying the expectation is stale, as a non-strict xpass is a pass.
    const note = `unexpected pass: expected ${describeAllowed(mark)}; the expectation is stale (or the failure fixed)`;
    return { xml: close(`      <system-out>${text(note)}</system-out>`), counted: 'pass' };
  }
  if (!isFailing(result.status)) {
    const reason = result.message ?? (result.status === 'skip' ? 'the candidate does not provide this module' : 'the rules do not apply on this platform');
    return { xml: close(`      <skipped message="${attr(cap(`${result.status}: ${reason}`, MAX_MESSAGE_CHARS))}"/>`), counted: 'skipped' };
  }
  if (markOf && mark?.outcome !== 'unexpected') {
    // A failure the gate does not count: expected (its reason said, as an xfail is), or of informative rules only.
    const why = mark?.outcome === 'expected' ? `expected ${describeAllowed(mark)}` : 'not counted by the gate: the case cites informative rules only';
    const message = cap(`${result.status}, ${why}`, MAX_MESSAGE_CHARS);
    return { xml: close(`      <skipped message="${attr(message)}" type="expected-${result.status}">${text(details(result, replay))}</skipped>`), counted: 'skipped' };
  }
  const element = result.status === 'fail' ? 'failure' : 'error';
  const message = cap(`${result.status}: ${result.message ?? '(no message)'}`, MAX_MESSAGE_CHARS);
  return { xml: close(`      <${element} message="${attr(message)}" type="${result.status}">${text(details(result, replay))}</${element}>`), counted: element };
}

/** `fail (known bug, expectations deno.json)`: what was allowed, why, and by which source. */
function describeAllowed(mark: ResultExpectation): string {
  const why = [mark.reason, mark.source].filter((part) => part !== undefined && part !== '').join(', ');
  return `${(mark.allowed ?? ['pass']).join(' or ')}${why ? ` (${why})` : ''}`;
}

/** The body of a failure: everything needed to understand and replay it, one labelled field per line. */
function details(result: CaseResult, replay: string): string {
  const lines = [`status: ${result.status}`];
  if (result.message !== undefined) lines.push(`message: ${cap(result.message, MAX_FIELD_CHARS)}`);
  if (result.expected !== undefined) lines.push(`expected: ${cap(result.expected, MAX_FIELD_CHARS)}`);
  if (result.actual !== undefined) lines.push(`actual: ${cap(result.actual, MAX_FIELD_CHARS)}`);
  const example = result.counterexample;
  if (example) {
    const runs = example.numRuns === undefined ? '' : `, after ${example.numRuns} runs`;
    lines.push(`counterexample: ${cap(example.value, MAX_FIELD_CHARS)}`, `seed: ${example.seed}, path: ${example.path}${runs}`);
  }
  lines.push(`replay: ${replay}`);
  lines.push(`rules: ${result.rules.join(', ')}`);
  return lines.join('\n');
}

function countOf(counted: readonly Counted[], cases: readonly CaseResult[]): Counts {
  return {
    tests: counted.length,
    failures: counted.filter((how) => how === 'failure').length,
    errors: counted.filter((how) => how === 'error').length,
    skipped: counted.filter((how) => how === 'skipped').length,
    seconds: cases.reduce((sum, result) => sum + result.durationMs / 1000, 0),
  };
}

function countAttributes(counts: Counts): string {
  return `tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}" time="${counts.seconds.toFixed(3)}"`;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function cap(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max)}… (${value.length - max} more characters)`;
}

/** The JUnit schema's timestamp is an ISO 8601 date-time without a zone; results record UTC. */
function junitTimestamp(startedAt: string): string {
  const date = new Date(startedAt);
  return Number.isNaN(date.getTime()) ? '1970-01-01T00:00:00' : date.toISOString().slice(0, 19);
}
