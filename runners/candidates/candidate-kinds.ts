// Every kind of candidate, one declaration per grammar tag: the type makes a tag without its file (or a file for no
// tag) a compile error, so the grammar (results/candidate-spec.ts) and the runners cannot drift apart.
import type { CandidateSpecKind } from '../../results/candidate-spec.js';
import { adapter } from './adapter.js';
import { bare } from './bare.js';
import type { CandidateKindDeclaration } from './candidate-kind.js';
import { chromium } from './chromium.js';
import { host } from './host.js';
import { npm } from './npm.js';
import { reference } from './reference.js';
import { runtime } from './runtime.js';
import { workerd } from './workerd.js';

export type CandidateKinds = { readonly [K in CandidateSpecKind]: CandidateKindDeclaration<K> };

export const CANDIDATE_KINDS: CandidateKinds = { reference, host, adapter, npm, runtime, workerd, bare, chromium };
