// `selectCases`: which cases a selection holds, as `rtconf run` and `rtconf list cases` select them (modules, rule and
// case globs, then a deterministic shard), as plain metadata.
import type { ModuleName } from '../spec/rule.js';
import type { CaseMeta } from '../conformance/case.js';
import { selectCases as selectFromRegistry } from '../conformance/registry.js';
import { parseShard, selectShard, type Shard } from '../runners/shard.js';

/** Which cases to run; every field narrows, and an absent one keeps everything. */
export interface Selection {
  /** Only cases of these modules (default: all three). */
  readonly modules?: readonly ModuleName[];
  /** Only cases citing a rule whose id matches one of these globs, e.g. `querystring.parse.*`. */
  readonly rules?: readonly string[];
  /** Only cases whose id matches one of these globs. */
  readonly cases?: readonly string[];
  /** Only the `index`-th (1-based) of `count` deterministic slices of the cases selected, as `--shard index/count`. */
  readonly shard?: Shard;
}

/**
 * The cases a selection holds, in the suite's order.
 * @param selection modules, rule globs, case globs and a shard; `{}` selects every case
 * @returns each case's metadata (id, module, the rules it cites, the exports it judges, its own time limit and tags
 *   where it has them); empty when nothing matches
 * @throws ShardError (`ERR_RTCONF_USAGE`) for a shard that is not 1 ≤ index ≤ count ≤ 10000
 * @example
 * selectCases({ rules: ['querystring.parse.*'] }).length; // 34
 */
export function selectCases(selection: Selection = {}): CaseMeta[] {
  const shard = selection.shard && parseShard(`${selection.shard.index}/${selection.shard.count}`);
  const selected = selectFromRegistry({ modules: selection.modules ?? [], ruleGlobs: selection.rules ?? [], caseGlobs: selection.cases ?? [] });
  // The metadata only: a case's function stays in the registry, where the runners look it up by id.
  return selectShard(selected, shard).map(({ run: _run, ...meta }) => meta);
}
