// Merges the results files of the shards of one run (same tool, same seed) into one: runs are joined by candidate
// id, results by case id. Inputs that cannot belong to one run are refused with the reason.
import { summarize, SCHEMA_VERSION, type CandidateRun, type CaseResult, type ResultsFile, type RuleSummary } from './results-file.js';

/** Shards that do not fit together: bad input, exit 2. */
class MergeError extends Error {
  override readonly name = 'MergeError';
  readonly code = 'ERR_RTCONF_MERGE';
}

/**
 * @param inputs the parsed, validated results files, with the names used in messages
 * @param order case ids in the order results should be listed (the registry's); unknown ids go last, by id
 */
export function mergeResults(inputs: ReadonlyArray<{ readonly file: string; readonly results: ResultsFile }>, order: readonly string[] = []): ResultsFile {
  const [first, ...rest] = inputs;
  if (!first) throw new MergeError('merge needs at least one results file');
  for (const { file, results } of rest) {
    if (results.tool.name !== first.results.tool.name || results.tool.version !== first.results.tool.version) {
      throw new MergeError(`${file} was written by ${results.tool.name} ${results.tool.version}, ${first.file} by ${first.results.tool.name} ${first.results.tool.version}: not shards of one run`);
    }
    if (results.interface?.version !== first.results.interface?.version) {
      const of = (file: ResultsFile): string => (file.interface ? `interface ${file.interface.version}` : 'the whole interface');
      throw new MergeError(`${file} certified ${of(results)}, ${first.file} ${of(first.results)}: not shards of one run (pass the same --interface to every shard)`);
    }
    if (results.seed !== first.results.seed) {
      throw new MergeError(`${file} has seed ${results.seed}, ${first.file} has seed ${first.results.seed}: not shards of one run (pass the same --seed to every shard)`);
    }
  }
  const rules = new Map<string, RuleSummary>();
  const runs = new Map<string, { run: CandidateRun; file: string; results: Map<string, { result: CaseResult; file: string }> }>();
  for (const { file, results } of inputs) {
    for (const rule of results.rules) if (!rules.has(rule.id)) rules.set(rule.id, rule);
    for (const run of results.runs) {
      let merged = runs.get(run.candidate.id);
      if (!merged) {
        merged = { run, file, results: new Map() };
        runs.set(run.candidate.id, merged);
      } else if ((merged.run.candidate.version ?? '') !== (run.candidate.version ?? '') || merged.run.candidate.kind !== run.candidate.kind) {
        throw new MergeError(
          `${run.candidate.id} is ${run.candidate.kind} ${run.candidate.version ?? '(no version)'} in ${file} but ${merged.run.candidate.kind} ${merged.run.candidate.version ?? '(no version)'} in ${merged.file}: not the same candidate`,
        );
      }
      for (const result of run.results) {
        const seen = merged.results.get(result.case);
        if (seen) throw new MergeError(`${result.case} of ${run.candidate.id} is in both ${seen.file} and ${file}: shards overlap`);
        merged.results.set(result.case, { result, file });
      }
    }
  }
  const rank = new Map(order.map((id, index) => [id, index]));
  const compare = (a: CaseResult, b: CaseResult): number =>
    (rank.get(a.case) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.case) ?? Number.MAX_SAFE_INTEGER) || (a.case < b.case ? -1 : a.case > b.case ? 1 : 0);
  const starts = inputs.map(({ results }) => Date.parse(results.startedAt));
  const start = Math.min(...starts);
  const end = Math.max(...inputs.map(({ results }, index) => (starts[index] ?? start) + results.durationMs));
  const interrupted = inputs.some(({ results }) => results.interrupted === true);
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: first.results.tool,
    seed: first.results.seed,
    startedAt: new Date(start).toISOString(),
    durationMs: Math.max(0, end - start),
    ...(interrupted ? { interrupted: true } : {}),
    ...(first.results.interface ? { interface: first.results.interface } : {}),
    rules: [...rules.values()],
    runs: [...runs.values()].map(({ run, results }) => {
      const list = [...results.values()].map(({ result }) => result).sort(compare);
      return { candidate: run.candidate, summary: summarize(list), results: list };
    }),
  };
}
