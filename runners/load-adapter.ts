// Loads an adapter module named by path: its default export must be `{ name, version?, modules }`.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CandidateDeclarations, HttpsLoadTargetDeclaration } from '../conformance/case.js';
import type { CandidateModules } from '../conformance/modules.js';
import { errorText, firstLine } from '../io/message-text.js';
import { CandidateError } from '../results/candidate-spec.js';
import { validateModules } from './validate-modules.js';

export interface Adapter {
  readonly file: string;
  readonly name: string;
  readonly version?: string;
  readonly modules: CandidateModules;
  /** What the adapter declares where the spec leaves a choice to the runtime: `declared` in its default export. */
  readonly declared?: CandidateDeclarations;
}

/** A name an environment variable can have in every shell. */
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks the adapter's `declared` field: absent, or an object with only known fields of the right type. */
function checkDeclared(declared: unknown, file: string): CandidateDeclarations | undefined {
  if (declared === undefined) return undefined;
  if (typeof declared !== 'object' || declared === null) throw new Error(`"declared" must be an object when present, got ${declared === null ? 'null' : typeof declared}`);
  const unknown = Object.keys(declared).filter((key) => key !== 'ipcChannelVariable' && key !== 'httpsLoadTarget');
  if (unknown.length > 0) throw new Error(`"declared" has unknown field(s) ${unknown.map((key) => JSON.stringify(key)).join(', ')}; expected ipcChannelVariable, httpsLoadTarget`);
  const { ipcChannelVariable, httpsLoadTarget } = declared as { ipcChannelVariable?: unknown; httpsLoadTarget?: unknown };
  if (ipcChannelVariable !== undefined && (typeof ipcChannelVariable !== 'string' || !VARIABLE_NAME.test(ipcChannelVariable))) {
    throw new Error(`"declared.ipcChannelVariable" must be an environment variable name such as "NODE_CHANNEL_FD", got ${JSON.stringify(ipcChannelVariable)}`);
  }
  const loadTarget = checkHttpsLoadTarget(httpsLoadTarget, file);
  return { ...(ipcChannelVariable === undefined ? {} : { ipcChannelVariable }), ...(loadTarget ? { httpsLoadTarget: loadTarget } : {}) };
}

/** A specifier with a scheme (`file:`, `node:`) is taken as is; one starting with `./` or `../` is taken relative to the adapter. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function specifierFrom(value: unknown, field: string, file: string): string {
  if (typeof value !== 'string' || value === '') throw new Error(`"declared.httpsLoadTarget.${field}" must be a non-empty string`);
  if (SCHEME.test(value)) return value;
  if (value.startsWith('./') || value.startsWith('../')) return new URL(value, pathToFileURL(file)).href;
  throw new Error(`"declared.httpsLoadTarget.${field}" must be a URL (file:, node:) or a path relative to the adapter (./…), got ${JSON.stringify(value)}`);
}

/** Checks `declared.httpsLoadTarget`: `{ specifier, requireSpecifier?, execArgv? }`, with relative paths resolved against the adapter. */
function checkHttpsLoadTarget(value: unknown, file: string): HttpsLoadTargetDeclaration | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) throw new Error('"declared.httpsLoadTarget" must be an object { specifier, requireSpecifier?, execArgv? }');
  const { specifier, requireSpecifier, execArgv } = value as Record<string, unknown>;
  if (execArgv !== undefined && !(Array.isArray(execArgv) && execArgv.every((item) => typeof item === 'string'))) {
    throw new Error('"declared.httpsLoadTarget.execArgv" must be an array of strings');
  }
  return {
    specifier: specifierFrom(specifier, 'specifier', file),
    ...(requireSpecifier !== undefined ? { requireSpecifier: specifierFrom(requireSpecifier, 'requireSpecifier', file) } : {}),
    ...(execArgv !== undefined ? { execArgv: execArgv as string[] } : {}),
  };
}


export async function loadAdapter(spec: string, cwd: string = process.cwd()): Promise<Adapter> {
  const file = resolve(cwd, spec);
  if (!existsSync(file)) throw new CandidateError(`adapter ${file}: no such file`);
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (error) {
    throw new CandidateError(`adapter ${file} failed to load: ${firstLine(errorText(error, { withName: true }))}`);
  }
  const exported = namespace.default;
  if (typeof exported !== 'object' || exported === null) {
    throw new CandidateError(`adapter ${file}: the default export must be { name, version?, modules }, got ${exported === null ? 'null' : typeof exported}`);
  }
  const { name, version, modules, declared } = exported as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') throw new CandidateError(`adapter ${file}: "name" must be a non-empty string`);
  if (version !== undefined && typeof version !== 'string') throw new CandidateError(`adapter ${file}: "version" must be a string when present`);
  try {
    const declarations = checkDeclared(declared, file);
    return { file, name, ...(version !== undefined ? { version } : {}), modules: validateModules(modules), ...(declarations ? { declared: declarations } : {}) };
  } catch (error) {
    throw new CandidateError(`adapter ${file}: ${firstLine(errorText(error, { withName: true })).replace(/^Error: /, '')}`);
  }
}
