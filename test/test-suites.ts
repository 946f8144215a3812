// Which test files `npm test` runs, and which run after it as suites of their own (`npm run test:long`, which `.ci/run`
// calls): the one place that classifies them. A file lands in `npm test` unless a suite below names it.

/** A suite of long tests that `npm test` leaves out and `.ci/run` runs after it (`npm run test:NAME`). */
export interface LongSuite {
  /** Globs of test files, relative to the project root (picomatch syntax). */
  readonly files: readonly string[];
  /** Why these are not in `npm test`, and what `npm test` still checks of the same code. */
  readonly why: string;
}

export const LONG_SUITES = {
  sweeps: {
    files: ['test/certification/corpus.test.ts', 'test/certification/seed-sweep-corpus.test.ts'],
    why:
      'the certification corpus (every member through the whole suite) and the 3-seed sweep of every seed-drawn case over ' +
      'the corpus, the reference and the host: minutes of CPU. npm test keeps the sweep\'s own logic (seed-sweep.test.ts) ' +
      'and the verdict files\' audit (page-vs-node.test.ts).',
  },
  mutants: {
    files: ['test/conformance/*-leak-mutants.test.ts'],
    why:
      'the leak mutants: every case that reads what a mutant replaced runs again against it (a case must charge only ' +
      'its own rule). npm test keeps the reference passing every case, every hand-written mutant caught, and the ' +
      'all-missing and all-throwing stubs failing every case (*-mutants.test.ts).',
  },
  mutation: {
    files: ['test/mutation/incremental-run.test.ts', 'test/mutation/mutate-sample.test.ts', 'test/cli/mutate.test.ts', 'test/mutation/mutants-parse.test.ts'],
    why:
      'rtconf mutate end to end: seeded samples of mutants built and run in agents, --incremental against a full run on ' +
      'a copy of the tree, and the command line: minutes of CPU; and every mutant of the reference parsed whole (4 s ' +
      'alone, 30 to 75 s under npm test\'s coverage counters). npm test keeps the engine\'s parts (operators, ' +
      'mutant generation, the coverage map and its update, case hashes, the committed lists and markers).',
  },
  vacuity: {
    files: ['test/conformance/vacuity.test.ts'],
    why:
      'the vacuity audit: every "ignores it" candidate (an option dropped, another default) run against the cases it ' +
      'must fail, several hundred case runs. npm test keeps the hand-written mutants, which break rules outright.',
  },
  e2e: {
    files: [
      'test/runners/candidates/chromium.test.ts',
      'test/runners/agent/workerd-agent.test.ts',
      'test/runners/agent/bare-agent.test.ts',
      'test/scripts/matrix-replay.test.ts',
    ],
    why:
      'real runtimes and browsers end to end: chromium: candidates judged in a page, workerd and Bare fetched and run ' +
      'as candidates, and the CI matrix played through shards, merge and dashboard. npm test keeps their units (the ' +
      'page agent build, the workerd config and profile, the runtime grammar, the matrix script\'s own functions).',
  },
} as const satisfies Readonly<Record<string, LongSuite>>;

export type LongSuiteName = keyof typeof LONG_SUITES;

/**
 * Files of `npm test` that run alone, one after another, after the files that run in parallel: each bounds its own
 * wall-clock time against the machine, which other test files running beside it would eat into.
 */
export const SERIAL_FILES: readonly string[] = ['test/runners/hostile-run.test.ts'];

/**
 * Files of `npm test` that take longest on the clock, most of it waiting on their cases' timers, sockets and child
 * processes, longest first. They start first among the parallel files (Jest, too, starts the slowest files first): one
 * started late would run on alone at the end while the other workers sit idle. Measured with
 * test/tools/file-costs-reporter.cjs; a file missing here still runs, in its alphabetical place after these.
 */
export const LONG_WAITING_FILES: readonly string[] = [
  'test/conformance/child_process-mutants.test.ts',
  'test/conformance/https-mutants.test.ts',
  'test/reference/querystring.test.ts',
  'test/cli/build-vs-build.test.ts',
  'test/cli/run.test.ts',
  'test/reference/prototype-pollution.test.ts',
  'test/conformance/querystring-mutants.test.ts',
];

/** Every test file: what `npm test` runs is this, less the long suites' files. */
export const ALL_TEST_FILES = 'test/**/*.test.ts';
