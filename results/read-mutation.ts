// Reads mutation.json: parsed, validated against `results/mutation.schema.json`, and files of older schema versions
// upgraded to the current one. Writing is results/write-mutation.ts.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { MUTATION_SCHEMA_VERSION, type MutationFile } from './mutation-file.js';
import { packageRoot } from '../io/package-root.js';
import { readJsonFile } from '../io/read-json-file.js';

/** A missing, malformed or foreign mutation file: bad input, exit 2. */
class MutationFileError extends Error {
  override readonly name = 'MutationFileError';
  readonly code = 'ERR_RTCONF_MUTATION_FILE';
}

function mutationSchemaPath(): string {
  return join(packageRoot(), 'results', 'mutation.schema.json');
}

let validator: ValidateFunction | undefined;

async function compiledValidator(): Promise<ValidateFunction> {
  if (validator) return validator;
  const require = createRequire(import.meta.url);
  const Ajv2020 = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js').default;
  const ajv = new Ajv2020({ allErrors: false, strict: true, allowUnionTypes: true, strictRequired: false });
  validator = ajv.compile(JSON.parse(await readFile(mutationSchemaPath(), 'utf8')) as object);
  return validator;
}

/** Validates parsed JSON as a mutation file; `source` names it in the one-line reason. */
export async function validateMutation(data: unknown, source = 'mutation'): Promise<MutationFile> {
  const version = typeof data === 'object' && data !== null ? (data as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (version === 1) return validateMutation(upgradeFromVersion1(data as Record<string, unknown>), source);
  if (version === 2) return validateMutation(upgradeFromVersion2(data as Record<string, unknown>), source);
  if (version !== MUTATION_SCHEMA_VERSION) {
    throw new MutationFileError(`${source}: schemaVersion ${JSON.stringify(version) ?? 'missing'} is not one this rtconf reads (it reads 1 to ${MUTATION_SCHEMA_VERSION}); is it a mutation.json?`);
  }
  const validate = await compiledValidator();
  if (!validate(data)) {
    const error = validate.errors?.[0];
    throw new MutationFileError(`${source}: ${error ? `${error.instancePath || '(top level)'} ${error.message ?? 'is invalid'}` : 'does not match the mutation schema'}`);
  }
  return data as MutationFile;
}

export async function readMutation(file: string): Promise<MutationFile> {
  return validateMutation(await readJsonFile(file, (message) => new MutationFileError(message)), file);
}

/** Applies `upgrade` to the total and to every module and rule score of a file. */
function upgradeScores(data: Record<string, unknown>, schemaVersion: number, upgrade: (score: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  const one = (score: unknown): unknown => (typeof score === 'object' && score !== null ? upgrade(score as Record<string, unknown>) : score);
  const list = (value: unknown): unknown => (Array.isArray(value) ? value.map(one) : value);
  return { ...data, schemaVersion, total: one(data['total']), modules: list(data['modules']), rules: list(data['rules']) };
}

/**
 * A version 1 file as version 2: it had no beyond-spec status, so each score gains `beyondSpec: 0` and a
 * `scoreWithBeyondSpec` equal to its `score`. Anything else wrong with it is left for the schema to report.
 */
function upgradeFromVersion1(data: Record<string, unknown>): Record<string, unknown> {
  return upgradeScores(data, 2, (score) => ({ beyondSpec: 0, scoreWithBeyondSpec: score['score'], ...score }));
}

/**
 * A version 2 file as version 3: it had no unobservable status (such mutants were listed as equivalent then), so each
 * score gains `unobservable: 0`, and `scoreWithBeyondSpec` is `scoreOfAll` under its new name (without unobservable
 * mutants the two are the same).
 */
function upgradeFromVersion2(data: Record<string, unknown>): Record<string, unknown> {
  return upgradeScores(data, 3, ({ scoreWithBeyondSpec, ...score }) => ({ unobservable: 0, scoreOfAll: scoreWithBeyondSpec, ...score }));
}
