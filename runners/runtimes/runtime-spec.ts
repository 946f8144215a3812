// Parses `runtime:` candidate specs: `runtime:node@22`, `runtime:bun@1.1.30`, `runtime:deno@^2.1` (fetched from the npm
// registry) or `runtime:/path/to/binary` (a local build).
import { validRange } from 'semver';
import { CandidateError } from '../runner.js';
import { RUNTIME_NAMES, type RuntimeName } from './runtime-profile.js';

export type RuntimeSpec =
  | { readonly kind: 'registry'; readonly spec: string; readonly runtime: RuntimeName; readonly range: string }
  | { readonly kind: 'path'; readonly spec: string; readonly path: string };

export function isRuntimeSpec(spec: string): boolean {
  return spec.startsWith('runtime:');
}

export function parseRuntimeSpec(spec: string): RuntimeSpec {
  const body = spec.slice('runtime:'.length);
  if (/^(\.{1,2}[\\/]|[\\/]|~[\\/]|[A-Za-z]:[\\/])/.test(body)) return { kind: 'path', spec, path: body };
  const match = /^([a-z]+)(?:@(.+))?$/.exec(body);
  const runtime = match?.[1];
  if (!match || !runtime || !(RUNTIME_NAMES as readonly string[]).includes(runtime)) {
    throw new CandidateError(`candidate ${spec}: expected runtime:<${RUNTIME_NAMES.join('|')}>[@<version or range>] or runtime:/path/to/binary`);
  }
  const range = match[2] ?? 'latest';
  if (range !== 'latest' && validRange(range) === null) {
    throw new CandidateError(`candidate ${spec}: "${range}" is not a version or version range (e.g. 22, 22.7.0, ^20.11)`);
  }
  return { kind: 'registry', spec, runtime: runtime as RuntimeName, range };
}
