// What each file under runners/candidates/ declares: one kind of candidate of the grammar (results/candidate-spec.ts),
// what running it takes, and how its parsed spec becomes a Runner. As wptrunner's `browsers/` declare one product per
// file, adding a kind is adding a file here and its entry in candidate-kinds.ts; the grammar already parses it.
import type { CandidateSpec, CandidateSpecKind } from '../../results/candidate-spec.js';
import type { Runner } from '../runner.js';

/** The member of the grammar's union with the tag `K`. */
export type SpecOf<K extends CandidateSpecKind> = Extract<CandidateSpec, { readonly kind: K }>;

export interface ResolveOptions {
  /** Where relative adapter paths and npm packages are looked up (default: the working directory). */
  readonly cwd?: string;
}

/** What running a candidate of a kind takes: where its cases run, and what must be on the machine or fetched. */
export interface CandidateNeeds {
  /**
   * `harness`: in the harness's own process (trusted code only, one candidate at a time); `agent`: in agents the
   * harness starts and can kill (agent-host.ts), so that nothing the candidate does can take the run down.
   */
  readonly runsIn: 'harness' | 'agent';
  /**
   * What executes the agent: our own Node (`node`), a runtime's binary (`runtime`: a release fetched from the npm
   * registry into $RTCONF_CACHE, or a local build), a workerd process, a Chromium page.
   */
  readonly agentHost?: 'node' | 'runtime' | 'workerd' | 'chromium';
}

export interface CandidateKindDeclaration<K extends CandidateSpecKind> {
  /** The grammar's tag this file implements. */
  readonly kind: K;
  readonly needs: CandidateNeeds;
  /**
   * Turns the parsed spec into a runner, checking first that it can be used at all.
   * @throws CandidateError (exit 2, one line) when it cannot: a broken adapter, a package not installed, a runtime
   *   with no build for this platform, a kind not supported yet
   */
  resolve(spec: SpecOf<K>, options: ResolveOptions): Promise<Runner>;
}
