// Loads an adapter module named by path: its default export must be `{ name, version?, modules }`.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CandidateModules } from '../conformance/modules.js';
import { CandidateError } from './runner.js';
import { validateModules } from './validate-modules.js';

export interface Adapter {
  readonly file: string;
  readonly name: string;
  readonly version?: string;
  readonly modules: CandidateModules;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0] ?? text;
}

export async function loadAdapter(spec: string, cwd: string = process.cwd()): Promise<Adapter> {
  const file = resolve(cwd, spec);
  if (!existsSync(file)) throw new CandidateError(`adapter ${file}: no such file`);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CandidateError(`adapter ${file} failed to load: ${firstLine(error)}`);
  }
  const exported = namespace.default;
  if (typeof exported !== 'object' || exported === null) {
    throw new CandidateError(`adapter ${file}: the default export must be { name, version?, modules }, got ${exported === null ? 'null' : typeof exported}`);
  }
  const { name, version, modules } = exported as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') throw new CandidateError(`adapter ${file}: "name" must be a non-empty string`);
  if (version !== undefined && typeof version !== 'string') throw new CandidateError(`adapter ${file}: "version" must be a string when present`);
  try {
    return { file, name, ...(version !== undefined ? { version } : {}), modules: validateModules(modules) };
  } catch (error) {
    throw new CandidateError(`adapter ${file}: ${firstLine(error).replace(/^Error: /, '')}`);
  }
}
