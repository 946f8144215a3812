// A small mutation file for the report's tests: one mutant of each kind, a survivor whose diff holds markup.
import { MUTATION_SCHEMA_VERSION, moduleScores, ruleScores, scoreOf, type MutantRecord, type MutationFile } from '../../results/mutation-file.js';

export const HOSTILE_DIFF = ['--- a/reference/querystring.ts', '+++ b/reference/querystring.ts', '@@ -3 +3 @@', '-  return "<b>x</b>";', '+  return "<img src=x onerror=window.__mutantPwned=1>";'].join('\n');

function mutant(id: string, status: MutantRecord['status'], rules: string[], diff = `--- a/f.ts\n+++ b/f.ts\n@@ -1 +1 @@\n-a < b\n+a <= b`, note?: string): MutantRecord {
  return { id, file: 'reference/querystring.ts', modules: ['querystring'], line: 3, column: 10, operator: 'string-literal', diff, status, casesRun: 1, rules, durationMs: 5, ...(status === 'killed' ? { killedBy: ['querystring.x'] } : {}), ...(note ? { note } : {}) };
}

/** Holds markup too: a reason is text on the page, never HTML. */
export const BEYOND_SPEC_REASON = 'the spec states no error for <b>this</b>; Node throws ERR_INVALID_ARG_TYPE here';

/** Holds markup too, like the beyond-spec reason. */
export const UNOBSERVABLE_REASON = 'runs only on <i>Windows</i>: the default shell there is ComSpec';

export function sampleMutation(): MutationFile {
  const mutants = [
    mutant('aaaaaaaaaaaaaaa1', 'killed', ['querystring.parse.repeated-keys']),
    mutant('aaaaaaaaaaaaaaa2', 'survived', ['querystring.parse.repeated-keys', 'querystring.parse.max-keys-default'], HOSTILE_DIFF),
    mutant('aaaaaaaaaaaaaaa3', 'timeout', ['querystring.parse.max-keys-default']),
    mutant('aaaaaaaaaaaaaaa4', 'no-coverage', []),
    mutant('aaaaaaaaaaaaaaa5', 'beyond-spec', ['querystring.parse.repeated-keys'], undefined, BEYOND_SPEC_REASON),
    mutant('aaaaaaaaaaaaaaa6', 'unobservable', [], undefined, UNOBSERVABLE_REASON),
  ];
  return {
    schemaVersion: MUTATION_SCHEMA_VERSION,
    tool: { name: 'rt-conformance', version: '0.1.0' },
    seed: 1,
    startedAt: new Date(0).toISOString(),
    durationMs: 1234,
    selection: { modules: ['querystring'], rules: [], jobs: 2 },
    sourcesHash: 'x',
    generated: 6,
    unusableCases: [],
    total: scoreOf(mutants),
    modules: moduleScores(mutants, ['querystring']),
    rules: ruleScores(mutants, new Map([['querystring.parse.repeated-keys', 'querystring'], ['querystring.parse.max-keys-default', 'querystring']])),
    mutants,
  };
}

