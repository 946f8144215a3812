// The text of `rtconf --help`.
export const HELP = `rtconf — conformance suite for rt:https, rt:querystring and rt:child_process

Usage:
  rtconf run [options]              run the suite; writes DIR/results.json, index.html, junit.xml, badges
  rtconf list rules [--json]        the rule catalogue, with the cases covering each rule
  rtconf list cases [--json]        the cases, with the rules each one checks
  rtconf report RESULTS [--baseline OTHER] [--out DIR]
                                    regenerate the HTML report, JUnit XML and badges from a results file
  rtconf diff A.json B.json         status changes from run A to run B (exit 1 when anything regressed)
  rtconf merge A.json B.json... --out C.json
                                    join the results of the shards of one run (same seed)
  rtconf expect RESULTS [--update OLD.json]
                                    print an expectations file (for --expect) from a run's non-passing results
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
                     adapters, npm packages and runtimes run in separate agent processes
  --module NAME      repeatable; querystring, child_process or https (default: all)
  --rule GLOB        only cases citing a rule matching GLOB (e.g. 'querystring.parse.*'); repeatable
  --case GLOB        only cases whose id matches GLOB; repeatable
  --out DIR          output directory (default: rtconf-report)
  --seed N           run seed for property cases (default: random, printed and recorded)
  --timeout MS       per-case time limit for cases that set none (default: 10000)
  --jobs N           agent processes per out-of-process candidate (default: the number of CPU cores)
  --shard I/N        run only the I-th of N deterministic slices of the selected cases (merge with rtconf merge)
  --expect FILE      expectations ({ candidate: { case: { status, reason } } }), repeatable (e.g. one per runtime,
                     see expectations/): exit 1 only for unexpected results
  --baseline FILE    an earlier results.json: exit 1 only for regressions from it; its seed is reused unless --seed

Exit codes: 0 every normative case passed, 1 some case failed, 2 bad usage or bad input, 130 interrupted,
70 an internal error of rtconf (a bug; the stack is printed).
`;
