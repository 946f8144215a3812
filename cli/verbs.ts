// Every verb of the command line as data: its usage, what it does, each flag (type, value, what it does, its default)
// and examples. The parser of each verb (`parseVerb`, cli/parse.ts) and its help (`verbHelp`, cli/help.ts) are both
// generated from this one table, so a flag cannot be parsed without being documented, nor documented with another
// default than the one the code uses (the defaults below are the code's own constants). Pure data and constants:
// `rtconf help VERB` loads this file and nothing of the verb itself.
import { MODULES } from '../spec/rule.js';
import { DEFAULT_TIMEOUT_MS } from '../runners/runner.js';

export { DEFAULT_TIMEOUT_MS };
/** Where `run` and `mutate` write without `--out`. */
export const DEFAULT_OUT = 'rtconf-report';
/** `bisect --samples`: releases probed evenly between the two ends before the binary search. */
export const DEFAULT_SAMPLES = 1;
/** `bisect --max-probes`: a probe downloads a release (~30–50 MB for Node) unless it is cached. */
export const DEFAULT_MAX_PROBES = 32;
/** `mutate --seed`: fixed, so two runs of the mutation score compare. */
export const DEFAULT_MUTATION_SEED = 1;

export interface Flag {
  readonly type: 'string' | 'boolean';
  /** Repeatable: every occurrence is kept. */
  readonly multiple?: true;
  /** What the value stands for in the help (`SPEC`, `N`); boolean flags take none. */
  readonly value?: string;
  readonly help: string;
  /** What happens without the flag, as the help says it; `required` for a flag that must be given. */
  readonly byDefault: string;
}

export interface Verb {
  /** The synopsis lines, after `rtconf ` (e.g. `run [options]`). */
  readonly usage: readonly string[];
  /** One line: what the verb does, for the general help. */
  readonly summary: string;
  /** More of what the verb does, for its own help. */
  readonly description?: string;
  /** Whether the verb takes operands (results files, `rules`/`cases`). */
  readonly positionals: boolean;
  readonly flags: Readonly<Record<string, Flag>>;
  /** Whole commands, each starting `npx rtconf VERB`. */
  readonly examples: readonly string[];
  /** Paragraphs after the flags (e.g. what a candidate spec can be). */
  readonly notes?: readonly string[];
}

const SELECTION = {
  module: { type: 'string', multiple: true, value: 'NAME', help: `only cases of this module: ${MODULES.join(', ')}; repeatable`, byDefault: 'all three' },
  rule: { type: 'string', multiple: true, value: 'GLOB', help: "only cases citing a rule matching GLOB (e.g. 'querystring.parse.*'); repeatable", byDefault: 'all' },
  case: { type: 'string', multiple: true, value: 'GLOB', help: 'only cases whose id matches GLOB; repeatable', byDefault: 'all' },
} as const satisfies Record<string, Flag>;

/** `--pair`, for every verb that compares a run with a baseline. */
const PAIR = {
  type: 'string',
  multiple: true,
  value: 'BASE=RUN',
  help: "compare the baseline's candidate BASE (its id) with this run's candidate RUN, e.g. runtime:/builds/old/node=runtime:/builds/new/node (a local build's id is its path); repeatable",
  byDefault: 'candidates of one id; a baseline and a run of one candidate each, when both are one implementation (kind and name), with each other',
} as const satisfies Flag;

/** `--summary FILE` of the verbs that judge one results file. */
const SUMMARY = {
  type: 'string',
  value: 'FILE',
  help: 'append a Markdown summary to FILE: the gate\'s verdict, each candidate\'s, each export\'s state, the unexpected results (for CI: --summary "$GITHUB_STEP_SUMMARY")',
  byDefault: 'none',
} as const satisfies Flag;

const RUN = {
  usage: ['run [options]'],
  summary: 'run the suite; writes DIR/results.json, index.html, junit.xml and badges',
  description:
    'Runs the selected cases against each candidate and writes results.json, the HTML report, junit.xml and a badge per candidate into the output folder. Exit 1 when a result is unexpected: without --expect or --baseline, when a normative case failed.',
  positionals: false,
  flags: {
    candidate: { type: 'string', multiple: true, value: 'SPEC', help: 'a candidate to certify (see SPEC below); repeatable', byDefault: 'reference and host' },
    ...SELECTION,
    out: {
      type: 'string',
      value: 'DIR',
      help: 'output folder, checked and locked before anything runs (a file, an unwritable folder or one another rtconf run is writing is exit 2 at once); files an earlier run generated there and this one does not (old badges) are removed, other files are left alone',
      byDefault: DEFAULT_OUT,
    },
    seed: { type: 'string', value: 'N', help: 'run seed, 0 to 4294967295; each case derives its own from it and its id', byDefault: 'random, printed and recorded; with --baseline, its seed' },
    timeout: { type: 'string', value: 'MS', help: 'per-case time limit for cases that set none, 1 to 3600000', byDefault: String(DEFAULT_TIMEOUT_MS) },
    jobs: {
      type: 'string',
      value: 'N',
      help: "cases run at once in agents, 1 to 256: one pool of N slots shared by all out-of-process candidates of the run, each case holding a slot while it runs (the reference is one of them: it runs in agents of rtconf's own Node)",
      byDefault: 'twice the number of CPU cores',
    },
    shard: { type: 'string', value: 'I/N', help: 'run only the I-th of N deterministic slices of the selected cases (join the shards with rtconf merge)', byDefault: 'all' },
    expect: {
      type: 'string',
      multiple: true,
      value: 'FILE',
      help: 'expectations ({ candidate: { case: { status, reason } } }; see expectations/), repeatable: exit 1 only for unexpected results',
      byDefault: 'none, every failing normative case counts',
    },
    baseline: { type: 'string', value: 'FILE', help: 'an earlier results.json: exit 1 only for regressions from it; its seed is reused unless --seed', byDefault: 'none' },
    pair: PAIR,
    repeat: {
      type: 'string',
      value: 'N',
      help: 'run every case N times, 1 to 1000, each time with a fresh seed unless --seed; a case whose runs end differently is flaky (it fails the run unless an expectation lists every outcome it had, e.g. "status": ["pass", "timeout"])',
      byDefault: '1',
    },
    interface: {
      type: 'string',
      value: 'VER',
      help: 'certify against the interface as of runtime release VER (e.g. v18.0.0; see the Versioning table of the spec): cases citing a rule introduced later are n/a',
      byDefault: 'the whole interface',
    },
    summary: SUMMARY,
  },
  examples: [
    'npx rtconf run --candidate host --expect expectations/node-20.json',
    'npx rtconf run --candidate reference --candidate ./my-adapter.mjs --module querystring',
    'npx rtconf run --candidate runtime:/builds/new/node --baseline yesterday/results.json',
  ],
  notes: [
    'SPEC is one of:',
    '  reference               our reference implementation (runs in rtconf\'s process)',
    '  host                    this runtime\'s own node: builtins',
    '  ./adapter.mjs           a module exporting { name, version?, modules: { querystring?, child_process?, https? } }',
    '  npm:PACKAGE[=MODULE]    an npm package implementing one module (e.g. npm:querystring-es3)',
    '  runtime:NAME@RANGE      another runtime\'s own builtins: node, bun or deno, fetched from the npm registry into',
    '                          $RTCONF_CACHE on first use (e.g. runtime:node@22, runtime:deno@2)',
    '  runtime:/path/bin[,OPTION...]',
    '                          a local runtime build (node, bun, deno, workerd or bare, told apart by what it says of',
    '                          itself), run as its registry form is; workerd takes date= and flags=, bare layer=',
    '  runtime:workerd[@RANGE][,date=YYYY-MM-DD][,flags=FLAG+FLAG]',
    '                          Cloudflare\'s workerd from the npm registry (into $RTCONF_CACHE), the cases run as a',
    '                          Worker with that compatibility date (default: the release\'s own, from its version',
    '                          1.YYYYMMDD.N) and these compatibility flags besides nodejs_compat (always on); e.g.',
    '                          runtime:workerd@1,date=2025-08-14. Date and flags are part of the candidate\'s id and',
    '                          label: two dates, two candidates. A workerd process per agent, its Worker reaching',
    '                          only 127.0.0.1',
    '  runtime:bare[@RANGE][,layer=RANGE]',
    '                          Holepunch\'s Bare from the npm registry, the cases run as a Node program ported to Bare',
    '                          runs: through its compatibility layer bare-node-runtime (installed by npm into',
    '                          $RTCONF_CACHE; default: the version rtconf records, layer= pins another). Both versions',
    '                          are part of the label (bare 1.33.4 + bare-node-runtime 1.5.0)',
    '  chromium:./adapter.mjs, chromium:npm:PACKAGE[=MODULE]',
    '                          an adapter or npm package bundled for the browser as a bundler ships it (no Node',
    '                          builtins or globals) and run in pages of headless Chromium: $RTCONF_CHROMIUM, else',
    '                          chromium on PATH (Debian\'s package); querystring only (child_process and https are',
    '                          not provided in a page)',
    'Adapters, npm packages and runtimes run in separate agent processes, chromium: candidates in pages.',
  ],
} as const satisfies Verb;

const LIST = {
  usage: ['list rules [options]', 'list cases [options]'],
  summary: 'the rule catalogue with the cases covering each rule, or the cases with the rules each one checks',
  description: 'rules: the rule catalogue, with the cases covering each rule; --rule keeps the rules matching GLOB, --case the rules the matching cases cite. cases: the cases, with the rules each one checks, selected as run selects them (exit 2 when nothing matches).',
  positionals: true,
  flags: {
    json: { type: 'boolean', help: 'print JSON', byDefault: 'text, one line each' },
    ...SELECTION,
  },
  examples: ["npx rtconf list cases --module querystring --rule 'querystring.parse.*'", 'npx rtconf list rules --json'],
} as const satisfies Verb;

const REPORT = {
  usage: ['report RESULTS [options]'],
  summary: 'rebuild the HTML report, JUnit XML and badges from a results file, and print its verdict',
  description:
    'Regenerates index.html, junit.xml and the badges of a results file, prints one verdict line per candidate and, with --expect or --baseline, the gate; exits as rtconf run would have over the same results (1 when a result is unexpected).',
  positionals: true,
  flags: {
    baseline: { type: 'string', value: 'FILE', help: 'an earlier results.json: the report shows what regressed and what got fixed, and the gate judges by it', byDefault: 'none' },
    pair: PAIR,
    expect: { type: 'string', multiple: true, value: 'FILE', help: 'expectations files, repeatable: each result is marked expected or unexpected', byDefault: 'none' },
    mutation: { type: 'string', value: 'FILE', help: 'a mutation.json (rtconf mutate) for the suite-strength section', byDefault: 'a mutation.json next to RESULTS, if any' },
    out: { type: 'string', value: 'DIR', help: 'where the reports go', byDefault: 'the folder that holds RESULTS' },
    summary: SUMMARY,
  },
  examples: ['npx rtconf report rtconf-report/results.json --baseline last-release/results.json --out compared'],
} as const satisfies Verb;

const DASHBOARD = {
  usage: ['dashboard RESULTS... [options] --out DIR'],
  summary: 'one static page over many runs: the rule × (runtime, version) matrix and pass rates',
  description:
    'Builds DIR/index.html over every run of the given results files, prints one verdict line per run and, with --expect, the gate; exit 1 when a result is unexpected (the page is written either way).',
  positionals: true,
  flags: {
    expect: { type: 'string', multiple: true, value: 'FILE', help: 'expectations files, repeatable: each result is marked expected or unexpected', byDefault: 'none' },
    out: { type: 'string', value: 'DIR', help: 'where index.html goes; a folder holding a run\'s results.json is refused', byDefault: 'required' },
  },
  examples: ['npx rtconf dashboard runs/*/results.json --expect expectations/node-22.json --expect expectations/deno-2.json --out site'],
} as const satisfies Verb;

const EXPORT = {
  usage: ['export RESULTS... --out FILE'],
  summary: 'the runs as data for other tools: per candidate each export\'s state and each rule\'s status (JSON)',
  description:
    "Writes the runs of the given results files as one JSON file in the versioned format rt-conformance-export (schema reports/export.schema.json in the package): per candidate its identity, runtime and compatibility settings, each module's verdict, each export's state (absent, stub, partial, conformant, untested) with its rule counts, and each rule's status.",
  positionals: true,
  flags: {
    out: { type: 'string', value: 'FILE', help: 'the export file', byDefault: 'required' },
  },
  examples: ['npx rtconf export node-22/results.json deno-2/results.json --out export.json'],
} as const satisfies Verb;

const BISECT = {
  usage: ['bisect --candidate runtime:NAME@RANGE[,date=YYYY-MM-DD][,flags=A+B] (--case GLOB | --rule GLOB)... [options]'],
  summary: "date where the selected cases change status across a runtime's published releases",
  description:
    'Installs only the releases it probes (the ends, samples, then a binary search) and prints per case the last release with one status and the first with the other (several changes: non-monotonic), and the releases that cannot run the suite.',
  positionals: false,
  flags: {
    candidate: { type: 'string', multiple: true, value: 'SPEC', help: "exactly one runtime:NAME@RANGE (node, bun, deno, workerd or bare; e.g. runtime:node@'>=18 <20'); workerd keeps its date= and flags= in every probe (no date=: each release at its own date), bare its layer=", byDefault: 'required' },
    ...SELECTION,
    seed: { type: 'string', value: 'N', help: 'one seed for every probe', byDefault: 'random, printed' },
    timeout: { type: 'string', value: 'MS', help: 'per-case time limit for cases that set none', byDefault: String(DEFAULT_TIMEOUT_MS) },
    jobs: { type: 'string', value: 'N', help: 'cases run at once in agents, in each probe (probes run one after another)', byDefault: 'twice the number of CPU cores' },
    samples: { type: 'string', value: 'N', help: 'releases probed evenly between the two ends before the search, 0 to 64; a change that comes and goes between samples can only be seen with more', byDefault: `${DEFAULT_SAMPLES}, the midpoint` },
    'max-probes': { type: 'string', value: 'N', help: 'stop after N probes, each a download of the release unless cached', byDefault: String(DEFAULT_MAX_PROBES) },
    by: { type: 'string', value: 'WHAT', help: 'status: a change is a change of status; message: two failures with different messages (first lines) differ too', byDefault: 'status' },
    json: { type: 'boolean', help: "print the search (releases, every probe's statuses, changes per case) as JSON", byDefault: 'text' },
  },
  examples: [
    "npx rtconf bisect --candidate runtime:node@'>=18 <20' --case 'https.global-agent.*' --seed 20261123",
    "npx rtconf bisect --candidate runtime:node@'>=20 <23' --case https.server.max-headers-count-default-keeps-2000 --by message",
  ],
} as const satisfies Verb;

const DIFF = {
  usage: ['diff A.json B.json [options]'],
  summary: 'status changes from run A to run B (exit 1 when a result of B regressed)',
  description:
    'Compares two results files with A as the baseline, by the same gate as rtconf run --baseline A: exit 1 when a result of B regressed. Results are matched by candidate id; when nothing could be compared, stderr says so.',
  positionals: true,
  flags: {
    json: { type: 'boolean', help: 'print every change as JSON', byDefault: 'a table' },
    pair: { ...PAIR, value: 'A_ID=B_ID', help: "compare A's candidate A_ID with B's candidate B_ID, e.g. runtime:/builds/old/node=runtime:/builds/new/node (a local build's id is its path); repeatable", byDefault: 'candidates of one id; files of one candidate each, when both are one implementation (kind and name), with each other' },
  },
  examples: ['npx rtconf diff last-release/results.json rtconf-report/results.json', 'npx rtconf diff old/results.json new/results.json --pair runtime:/builds/old/node=runtime:/builds/new/node'],
} as const satisfies Verb;

const MERGE = {
  usage: ['merge A.json B.json... --out C.json'],
  summary: 'join the results of the shards of one run (same seed)',
  positionals: true,
  flags: {
    out: { type: 'string', value: 'FILE', help: 'the merged results file', byDefault: 'required' },
  },
  examples: ['npx rtconf merge shard-1/results.json shard-2/results.json --out merged/results.json'],
} as const satisfies Verb;

const EXPECT = {
  usage: ['expect RESULTS [options]'],
  summary: "print an expectations file (for --expect) from a run's non-passing results",
  description: 'Prints, for every non-passing result, the status to expect (a flaky result: the list of its outcomes) and a reason: "TODO: why" unless --update names one.',
  positionals: true,
  flags: {
    update: { type: 'string', value: 'OLD.json', help: 'keep the reasons OLD.json gives for the same statuses', byDefault: 'none' },
  },
  examples: ['npx rtconf expect rtconf-report/results.json --update expectations/deno-2.json > deno-2.new.json'],
} as const satisfies Verb;

const MUTATE = {
  usage: ['mutate [options]'],
  summary: "measure the suite's strength by mutating the reference (writes DIR/mutation.json)",
  description:
    "Mutates the reference's TypeScript sources and runs each mutant in an agent against the cases covering its code; writes DIR/mutation.json with scores per module and rule and the surviving mutants' diffs.",
  positionals: false,
  flags: {
    module: { type: 'string', multiple: true, value: 'NAME', help: "mutate the files reached from these modules' public files; repeatable", byDefault: 'all three' },
    rule: { type: 'string', multiple: true, value: 'GLOB', help: 'only cases citing a matching rule may kill mutants; repeatable', byDefault: 'all' },
    operator: {
      type: 'string',
      multiple: true,
      value: 'NAME',
      help: 'repeatable; conditional-boundary, negation, arithmetic, string-literal, number-literal, remove-statement, remove-default, swap-arguments, early-return, always-true, always-false',
      byDefault: 'all',
    },
    jobs: { type: 'string', value: 'N', help: 'mutants run at once, each in its own agent, 1 to 256 (an agent spends most of its time waiting)', byDefault: 'three times the number of CPU cores' },
    out: { type: 'string', value: 'DIR', help: 'where mutation.json goes; a results.json there gets its report rebuilt', byDefault: DEFAULT_OUT },
    max: { type: 'string', value: 'N', help: 'at most N mutants, a sample drawn with the seed', byDefault: 'every mutant' },
    seed: { type: 'string', value: 'N', help: 'seed of the sample and of the property cases', byDefault: `${DEFAULT_MUTATION_SEED}, so two runs compare` },
    since: { type: 'string', value: 'REF', help: 'only mutants on lines changed since git REF (git diff -U0 REF -- reference/), for pull requests', byDefault: 'every line' },
    file: { type: 'string', multiple: true, value: 'GLOB', help: "only mutants in matching files, e.g. 'reference/internal/https/*.ts'; repeatable", byDefault: 'all' },
    timeout: {
      type: 'string',
      value: 'MS',
      help: "per-case limit of the coverage and dry runs; a mutant's case gets ten times its unmutated duration plus 1 s (at least 3 s)",
      byDefault: String(DEFAULT_TIMEOUT_MS),
    },
    'min-score': { type: 'string', value: 'PCT', help: 'exit 1 when a module scores below PCT', byDefault: 'no threshold' },
    'no-cache': { type: 'boolean', help: 'measure the case ↔ code map and dry run anew', byDefault: 'reuse them for identical sources, under $RTCONF_CACHE/mutation' },
    incremental: {
      type: 'boolean',
      help: "build on DIR/mutation.json: reuse the verdict of every mutant whose code (its function; for a survivor, its statement), covering cases and their code, seed and Node are unchanged, measure coverage only for cases that can have run differently, run the rest; with no previous file, one of another seed or one without fingerprints (schema 3 and older) it says so in one line and runs every mutant; a malformed one is exit 2",
      byDefault: 'every mutant runs',
    },
    'audit-beyond-spec': {
      type: 'boolean',
      help: 'run the mutants in code marked // beyond-spec: too, and those the label argument spares (a label-only argument changed, or a constant swapped into a checked one: run in full); one a case kills is reported killed (the change reaches behaviour the spec states)',
      byDefault: 'listed, not run, not scored',
    },
    'audit-unobservable': {
      type: 'boolean',
      help: 'run the mutants mutation/unobservable-mutants.json lists as not observable on this platform too; one a case kills is reported killed (its entry claims too much)',
      byDefault: 'listed unobservable, not run, not scored',
    },
  },
  examples: ['npx rtconf mutate --module querystring --since origin/main --min-score 95', 'npx rtconf mutate --incremental'],
  notes: [
    "--incremental judges, as Stryker's incremental mode does, by what is near the mutant: a change elsewhere in the reference that alters what a covering case observes without changing which cases cover the mutant is not seen, so run without it for the record (a release, the figures the README quotes).",
  ],
} as const satisfies Verb;

/** Every verb `rtconf` dispatches, in the order the general help lists them. */
export const VERBS = { run: RUN, list: LIST, report: REPORT, dashboard: DASHBOARD, export: EXPORT, bisect: BISECT, diff: DIFF, merge: MERGE, expect: EXPECT, mutate: MUTATE } as const;

export type VerbName = keyof typeof VERBS;

/** Whether `name` is a verb of the table (a type guard for argv). */
export function isVerbName(name: string): name is VerbName {
  return Object.hasOwn(VERBS, name);
}
