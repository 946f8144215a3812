// Writes mutation.json (atomically), and reads one back, validated against `results/mutation.schema.json`.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { writeFileAtomically } from '../io/atomic-write.js';
import { MUTATION_SCHEMA_VERSION, type MutationFile } from './mutation-file.js';
import { packageRoot } from '../io/package-root.js';
import { readJsonFile } from '../io/read-json-file.js';

/** A missing, malformed or foreign mutation file: bad input, exit 2. */
export class MutationFileError extends Error {
  override readonly name = 'MutationFileError';
  readonly code = 'ERR_RTCONF_MUTATION_FILE';
}

/** Writes `mutation` as `dir/mutation.json`; returns the file's path. */
export async function writeMutation(mutation: MutationFile, dir: string): Promise<string> {
  const file = join(dir, 'mutation.json');
  await writeFileAtomically(file, `${JSON.stringify(mutation, null, 1)}\n`);
  return file;
}

export function mutationSchemaPath(): string {
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
  if (version !== MUTATION_SCHEMA_VERSION) {
    throw new MutationFileError(`${source}: schemaVersion ${JSON.stringify(version) ?? 'missing'} is not one this rtconf reads (it reads 1 and ${MUTATION_SCHEMA_VERSION}); is it a mutation.json?`);
  }
  const validate = await compiledValidator();
  if (!validate(data)) {
    const error = validate.errors?.[0];
    throw new MutationFileError(`${source}: ${error ? `${error.instancePath || '(top level)'} ${error.message ?? 'is invalid'}` : 'does not match the mutation schema'}`);
  }
  return data as MutationFile;
}

/**
 * A version 1 file as version 2: it had no beyond-spec status, so each score gains `beyondSpec: 0` and a
 * `scoreWithBeyondSpec` equal to its `score`. Anything else wrong with it is left for the schema to report.
 */
function upgradeFromVersion1(data: Record<string, unknown>): Record<string, unknown> {
  const upgrade = (score: unknown): unknown =>
    typeof score === 'object' && score !== null ? { beyondSpec: 0, scoreWithBeyondSpec: (score as { score?: unknown }).score, ...score } : score;
  const list = (value: unknown): unknown => (Array.isArray(value) ? value.map(upgrade) : value);
  return { ...data, schemaVersion: 2, total: upgrade(data['total']), modules: list(data['modules']), rules: list(data['rules']) };
}

export async function readMutation(file: string): Promise<MutationFile> {
  return validateMutation(await readJsonFile(file, (message) => new MutationFileError(message)), file);
}
