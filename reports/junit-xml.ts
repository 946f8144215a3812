// JUnit XML for CI systems (Jenkins, GitLab, GitHub test reporters): one <testsuite> per candidate × module, one
// <testcase> per case result. fail → <failure>; error, timeout, crash → <error>; skip, na → <skipped>.
import { MODULES } from '../spec/rule.js';
import type { CandidateRun, CaseResult, ResultsFile } from '../results/results-file.js';
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

/**
 * Renders a results file as JUnit XML.
 * @param results a validated results file
 * @returns the XML document (UTF-8, XML 1.0); every candidate-provided string is escaped
 * @example
 * await writeFile('junit.xml', renderJunitXml(await readResults('results.json')));
 */
export function renderJunitXml(results: ResultsFile): string {
  const safeIds = uniqueSafeIds(results.runs.map((run) => run.candidate.id));
  const timestamp = junitTimestamp(results.startedAt);
  const total: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, seconds: 0 };
  const suites: string[] = [];
  results.runs.forEach((run, index) => {
    for (const module of MODULES) {
      const cases = run.results.filter((result) => result.module === module);
      if (cases.length === 0) continue;
      const counts = countOf(cases);
      for (const key of ['tests', 'failures', 'errors', 'skipped', 'seconds'] as const) total[key] += counts[key];
      const verdict = passRate(run, results.rules, module);
      suites.push(renderSuite(run, `${safeIds[index] ?? 'candidate'}.${module}`, cases, counts, verdict, timestamp, results.seed, suites.length, results.interface?.version));
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

function renderSuite(run: CandidateRun, className: string, cases: readonly CaseResult[], counts: Counts, rate: PassRate, timestamp: string, seed: number, id: number, interfaceVersion?: string): string {
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
  ].map(([key = '', value = '']) => `      <property name="${attr(key)}" value="${attr(value)}"/>`);
  return [
    `  <testsuite name="${attr(className)}" id="${id}" package="${attr(className.slice(0, className.lastIndexOf('.')))}" ${countAttributes(counts)} timestamp="${timestamp}" hostname="localhost">`,
    '    <properties>',
    ...properties,
    '    </properties>',
    ...cases.map((result) => renderCase(result, className, replayFor(candidate, result.case, result, seed))),
    '  </testsuite>',
  ].join('\n');
}

function renderCase(result: CaseResult, className: string, replay: string): string {
  const open = `    <testcase classname="${attr(className)}" name="${attr(result.case)}" time="${seconds(result.durationMs)}"`;
  if (result.status === 'pass') return `${open}/>`;
  if (!isFailing(result.status)) {
    const reason = result.message ?? (result.status === 'skip' ? 'the candidate does not provide this module' : 'the rules do not apply on this platform');
    return `${open}>\n      <skipped message="${attr(cap(`${result.status}: ${reason}`, MAX_MESSAGE_CHARS))}"/>\n    </testcase>`;
  }
  const element = result.status === 'fail' ? 'failure' : 'error';
  const message = cap(`${result.status}: ${result.message ?? '(no message)'}`, MAX_MESSAGE_CHARS);
  return `${open}>\n      <${element} message="${attr(message)}" type="${result.status}">${text(details(result, replay))}</${element}>\n    </testcase>`;
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

function countOf(cases: readonly CaseResult[]): Counts {
  const counts: Counts = { tests: cases.length, failures: 0, errors: 0, skipped: 0, seconds: 0 };
  for (const result of cases) {
    if (result.status === 'fail') counts.failures++;
    else if (isFailing(result.status)) counts.errors++;
    else if (result.status !== 'pass') counts.skipped++;
    counts.seconds += result.durationMs / 1000;
  }
  return counts;
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
