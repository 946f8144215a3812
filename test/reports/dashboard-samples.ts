// Synthetic runs of several runtimes and versions for the dashboard's tests: one rule catalogue and case list (from
// sample-results.ts), and per run a deterministic set of cases that do not pass, so tests know every status.
import { summarize, type CandidateInfo, type CaseResult, type ResultsFile, type Status } from '../../results/results-file.js';
import { buildSampleResults, HOSTILE_ID, HOSTILE_MESSAGE, HOSTILE_NAME } from './sample-results.js';

export interface SampleRun {
  readonly file: string;
  readonly candidate: CandidateInfo;
  /** Case index → status for the cases that do not pass (the others pass, or are na when Windows-only). */
  readonly broken: (index: number) => Status | undefined;
  readonly seed?: number;
  readonly suiteVersion?: string;
  readonly interfaceVersion?: string;
}

/** The catalogue and cases every sample run shares: every result passes (or is na), nothing else. */
export const DASHBOARD_BASE: ResultsFile = buildSampleResults({ candidates: 1, cases: 72, failureRate: 0, seed: 1616 });

/** One results file with one run, as `rtconf run --candidate X` would write it. */
export function sampleRunFile(spec: SampleRun): ResultsFile {
  const base = DASHBOARD_BASE.runs[0]?.results ?? [];
  const results = base.map((result, index): CaseResult => {
    const status = result.status === 'na' ? undefined : spec.broken(index);
    if (status === undefined) return result;
    const hostile = spec.candidate.id === HOSTILE_ID;
    if (status === 'pass' || status === 'skip' || status === 'na') return { ...result, status };
    return {
      ...result,
      status,
      message: hostile ? HOSTILE_MESSAGE : `${result.case} ${status} in ${spec.candidate.name} ${spec.candidate.version ?? ''}`.trim(),
      expected: "[ '1', '2' ]",
      actual: "'2'",
    };
  });
  return {
    ...DASHBOARD_BASE,
    tool: { name: 'rt-conformance', version: spec.suiteVersion ?? '0.1.0' },
    seed: spec.seed ?? 20261123,
    ...(spec.interfaceVersion ? { interface: { version: spec.interfaceVersion } } : {}),
    runs: [{ candidate: spec.candidate, summary: summarize(results), results }],
  };
}

const every = (step: number, offset: number, status: Status = 'fail') => (index: number): Status | undefined => (index % step === offset ? status : undefined);

/**
 * Six runs of Node (18, the host's 20, 22, 24), Bun and Deno, given out of order; Node 22 and 24 fail the same cases
 * (so the "differs" filter between them is empty), Deno's run comes from another suite version and seed.
 */
export const RUNTIME_RUNS: readonly SampleRun[] = [
  { file: 'runs/node-22.json', candidate: { id: 'runtime:node@22', name: 'node', kind: 'runtime', version: '22.23.3' }, broken: every(9, 2) },
  { file: 'runs/deno-2.json', candidate: { id: 'runtime:deno@2', name: 'deno', kind: 'runtime', version: '2.9.6' }, broken: every(5, 1, 'error'), seed: 42, suiteVersion: '0.2.0' },
  { file: 'runs/node-18.json', candidate: { id: 'runtime:node@18', name: 'node', kind: 'runtime', version: '18.20.8' }, broken: (index) => every(9, 2)(index) ?? every(7, 3, 'timeout')(index) },
  { file: 'runs/host.json', candidate: { id: 'host', name: 'host node', kind: 'host', version: 'v20.20.2' }, broken: every(9, 2) },
  { file: 'runs/bun-1.json', candidate: { id: 'runtime:bun@1', name: 'bun', kind: 'runtime', version: '1.4.5' }, broken: every(6, 0, 'crash') },
  { file: 'runs/node-24.json', candidate: { id: 'runtime:node@24', name: 'node', kind: 'runtime', version: '24.21.0' }, broken: every(9, 2) },
];

/** A candidate whose name, version, id and messages are HTML and script payloads. */
export const HOSTILE_RUN: SampleRun = {
  file: 'runs/<script>evil</script>.json',
  candidate: { id: HOSTILE_ID, name: HOSTILE_NAME, kind: 'adapter', version: '<i>1.0</i>', path: HOSTILE_ID },
  broken: every(4, 0),
};
