// What each file under runners/candidates/ declares: one kind of candidate of the grammar (results/candidate-spec.ts),
// and how its parsed spec becomes a Runner: where its cases run (in process, or on agents) is said once, by the runner
// `resolve` builds (`Runner.inProcess`, which the suite schedules by), not beside it. As wptrunner's `browsers/`
// declare one product per file, adding a kind is adding a file here and its entry in candidate-kinds.ts; the grammar
// already parses it.
import type { CandidateSpec, CandidateSpecKind } from '../../results/candidate-spec.js';
import type { Runner } from '../runner.js';

/** The member of the grammar's union with the tag `K`. */
export type SpecOf<K extends CandidateSpecKind> = Extract<CandidateSpec, { readonly kind: K }>;

export interface ResolveOptions {
  /** Where relative adapter paths and npm packages are looked up (default: the working directory). */
  readonly cwd?: string;
}

export interface CandidateKindDeclaration<K extends CandidateSpecKind> {
  /** The grammar's tag this file implements. */
  readonly kind: K;
  /**
   * Turns the parsed spec into a runner, checking first that it can be used at all.
   * @throws CandidateError (exit 2, one line) when it cannot: a broken adapter, a package not installed, a runtime
   *   with no build for this platform, a kind not supported yet
   */
  resolve(spec: SpecOf<K>, options: ResolveOptions): Promise<Runner>;
}
