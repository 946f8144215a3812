// Turns a candidate spec from the command line into a Runner: the grammar parses it (results/candidate-spec.ts), and
// the declaration of its kind (runners/candidates/) resolves it. Only `reference` runs in our own process; everything
// else is untrusted code and runs in agents (docs/architecture.md, "The path of one result").
import { parseCandidateSpec, type CandidateSpecKind } from '../results/candidate-spec.js';
import type { Runner } from './runner.js';
import { CANDIDATE_KINDS, type CandidateKinds } from './candidates/candidate-kinds.js';
import type { ResolveOptions, SpecOf } from './candidates/candidate-kind.js';

/**
 * @param text a candidate spec as `--candidate` takes it
 * @throws CandidateError (exit 2, one line) for a spec that is malformed or cannot be used
 * @example
 * const runner = await resolveCandidate('runtime:node@22');
 */
export async function resolveCandidate(text: string, options: ResolveOptions = {}): Promise<Runner> {
  const spec = parseCandidateSpec(text);
  return resolveKind(CANDIDATE_KINDS, spec.kind, spec, options);
}

/** Hands a spec to the declaration of its own kind (the tag and the spec travel together, so the types correlate). */
function resolveKind<K extends CandidateSpecKind>(kinds: CandidateKinds, kind: K, spec: SpecOf<K>, options: ResolveOptions): Promise<Runner> {
  return kinds[kind].resolve(spec, options);
}
