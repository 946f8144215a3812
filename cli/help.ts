// The text of `rtconf --help`: every command, every flag, and every default.
export const HELP = `rtconf — conformance suite for rt:https, rt:querystring and rt:child_process

Usage:
  rtconf run [options]              run the suite; writes DIR/results.json, index.html, junit.xml, badges
  rtconf list rules [--json] [--module NAME]... [--rule GLOB]... [--case GLOB]...
                                    the rule catalogue, with the cases covering each rule (default: every rule, as
                                    text); --rule keeps the rules matching GLOB, --case the rules the matching cases cite
  rtconf list cases [--json] [--module NAME]... [--rule GLOB]... [--case GLOB]...
                                    the cases, with the rules each one checks (default: every case, as text);
                                    selects like run, and exits 2 when nothing matches
  rtconf report RESULTS [--baseline OTHER] [--expect FILE]... [--mutation FILE] [--out DIR]
                                    regenerate the HTML report, JUnit XML and badges from a results file
                                    (with the suite-strength section from --mutation FILE, or from a mutation.json
                                    next to RESULTS)
                                    (default DIR: the folder that holds RESULTS, next to it; no baseline); with
                                    --expect or --baseline each result is marked expected or unexpected
  rtconf dashboard RESULTS... [--expect FILE]... --out DIR
                                    one static page over many runs: the rule × (runtime, version) matrix,
                                    pass rates per module and version, a filter for rules whose status differs
                                    between chosen columns; --out is required, DIR/index.html is written
  rtconf export RESULTS... --out FILE
                                    the runs as data for other tools (JSON, format rt-conformance-export v1, schema
                                    reports/export.schema.json in the package): per candidate its modules' verdicts,
                                    each export's state (absent, stub, partial, conformant, untested) and rule counts,
                                    and each rule's status; --out is required
  rtconf bisect --candidate runtime:NAME@RANGE (--case GLOB | --rule GLOB)... [--module NAME]... [--seed N]
                [--timeout MS] [--jobs N] [--samples N] [--max-probes N] [--by status|message] [--json]
                                    date where the selected cases change status across a runtime's published
                                    releases in RANGE: installs only the releases it probes (ends, samples, then
                                    binary search), prints per case the last release with one status and the first
                                    with the other (several changes: non-monotonic), and the releases that cannot
                                    run the suite; see bisect options
  rtconf diff A.json B.json [--json]
                                    status changes from run A to run B (exit 1 when a result of B regressed);
                                    default: a table, --json for every change as JSON
  rtconf merge A.json B.json... --out C.json
                                    join the results of the shards of one run (same seed); --out is required
  rtconf expect RESULTS [--update OLD.json]
                                    print an expectations file (for --expect) from a run's non-passing results,
                                    with reason "TODO: why" unless OLD.json already gives one (default: no OLD.json)
  rtconf mutate [--module NAME]... [--rule GLOB]... [--file GLOB]... [--jobs N] [--out DIR] [--max N] [--seed N]
                [--since REF] [--audit-beyond-spec]
                                    measure the suite's strength: mutate the reference's TypeScript sources, run each
                                    mutant in an agent against the cases covering its code, write DIR/mutation.json
                                    (scores per module and rule, surviving mutants' diffs; see mutate options)
  rtconf --help | --version

run options:
  --candidate SPEC   repeatable; default: reference and host. SPEC is one of
                       reference          our reference implementation
                       host               this runtime's own node: builtins
                       ./adapter.mjs      a module exporting { name, version?, modules: { querystring?, child_process?, https? } }
                       npm:PACKAGE[=MODULE]  an npm package implementing one module (e.g. npm:querystring-es3)
                       runtime:NAME@RANGE another runtime's own builtins: node, bun or deno, fetched from the npm
                                          registry into $RTCONF_CACHE on first use (e.g. runtime:node@22, runtime:deno@2)
                       runtime:/path/bin  a local runtime build (node, bun or deno, told apart by --version)
                       runtime:workerd[@RANGE][,date=YYYY-MM-DD][,flags=FLAG+FLAG]
                                          Cloudflare's workerd from the npm registry (into $RTCONF_CACHE), the cases
                                          run as a Worker with that compatibility date (default: the release's own,
                                          from its version 1.YYYYMMDD.N) and these compatibility flags besides
                                          nodejs_compat (always on); e.g. runtime:workerd@1,date=2025-08-14. Date and
                                          flags are part of the candidate's id and label: two dates, two candidates
                     adapters, npm packages and runtimes run in separate agent processes (workerd: a workerd
                     process per agent, its Worker reaching only 127.0.0.1)
  --module NAME      repeatable; querystring, child_process or https (default: all three)
  --rule GLOB        only cases citing a rule matching GLOB (e.g. 'querystring.parse.*'); repeatable (default: all)
  --case GLOB        only cases whose id matches GLOB; repeatable (default: all)
  --out DIR          output folder (default: rtconf-report); checked and locked before anything runs, so a file, an
                     unwritable folder or a folder another rtconf run is writing is exit 2 at once. Files an earlier
                     run generated there and this one does not (old badges) are removed; other files are left alone
  --seed N           run seed, 0 to 4294967295 (default: random, printed and recorded; with --baseline, its seed)
  --timeout MS       per-case time limit for cases that set none, 1 to 3600000 (default: 10000)
  --jobs N           agent processes per out-of-process candidate, 1 to 256 (default: the number of CPU cores)
  --shard I/N        run only the I-th of N deterministic slices of the selected cases (default: all; join the
                     shards' results with rtconf merge)
  --expect FILE      expectations ({ candidate: { case: { status, reason } } }), repeatable (e.g. one per runtime,
                     see expectations/): exit 1 only for unexpected results (default: none, every failure counts)
  --baseline FILE    an earlier results.json: exit 1 only for regressions from it; its seed is reused unless --seed
                     (default: none)
  --repeat N         run every case N times, 1 to 1000 (default: 1), each time with a fresh seed unless --seed; a
                     case whose runs end differently is flaky (it fails the run unless an expectation lists every
                     outcome it had, e.g. "status": ["pass", "timeout"]), and every result lists its outcomes
  --interface VER    certify against the interface as of runtime release VER (e.g. v18.0.0; see the Versioning
                     table of the spec): cases citing a rule introduced later are n/a, and the results, report and
                     badges name VER (default: the whole interface)

bisect options:
  --candidate SPEC   exactly one runtime:NAME@RANGE (node, bun, deno or workerd; e.g. runtime:node@'>=18 <20');
                     workerd keeps its date= and flags= in every probe (no date=: each release at its own date)
  --case, --rule, --module   select the cases as run does; at least one --case or --rule
  --seed N           one seed for every probe (default: random, printed)
  --timeout MS, --jobs N     as for run (defaults: 10000, the number of CPU cores)
  --samples N        releases probed evenly between the two ends before the search, 0 to 64 (default: 1, the
                     midpoint); a change that comes and goes between samples can only be seen with more
  --max-probes N     stop after N probes, each a download of the release unless cached (default: 32)
  --by WHAT          status: a change is a change of status (default); message: two failures with different
                     messages (first lines) differ too, to date a change between two ways of failing
  --json             print the search (releases, every probe's statuses, changes per case) as JSON

mutate options:
  --module NAME      repeatable; mutate the files reached from these modules' public files (default: all three)
  --rule GLOB        only cases citing a matching rule may kill mutants; repeatable (default: all)
  --operator NAME    repeatable; conditional-boundary, negation, arithmetic, string-literal, number-literal,
                     remove-statement, remove-default, swap-arguments, early-return, always-true, always-false
                     (default: all)
  --jobs N           mutants run at once, each in its own agent, 1 to 256 (default: twice the number of CPU cores:
                     an agent spends most of its time waiting on processes, sockets and timers)
  --out DIR          where mutation.json goes (default: rtconf-report); a results.json there gets its report rebuilt
  --max N            at most N mutants, a sample drawn with the seed (default: every mutant)
  --seed N           seed of the sample and of the property cases (default: 1, so two runs compare)
  --since REF        only mutants on lines changed since git REF (git diff -U0 REF -- reference/), for pull requests
  --file GLOB        repeatable; only mutants in matching files, e.g. 'reference/internal/https/*.ts' (default: all)
  --timeout MS       per-case limit of the coverage and dry runs (default: 10000); a mutant's case gets ten times
                     its unmutated duration plus 0.5 s (at least 1 s): a mutant that hangs is killed by timeout
  --min-score PCT    exit 1 when a module scores below PCT (default: no threshold)
  --audit-beyond-spec  run the mutants in code marked // beyond-spec: too (default: listed, not run, not scored);
                     one a case kills is reported killed (the change reaches behaviour the spec states)
  --no-cache         measure the case ↔ code map and dry run anew (default: reuse them for identical sources,
                     under $RTCONF_CACHE/mutation)

Exit codes: 0 no result regressed; 1 some normative case failed (without --expect/--baseline) or failed
unexpectedly (with them): a verdict on the candidates, not an error of rtconf; 2 bad usage or bad input, or
results that could not be written where asked (they are then saved in a temp folder named on stderr);
130 interrupted; 70 an internal error of rtconf (a bug; the stack is printed).
`;
