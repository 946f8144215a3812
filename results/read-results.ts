// Reads a results file and validates it against the published JSON Schema plus the invariants a schema cannot state
// (summaries agree with results, results cite listed rules). Every problem is a ResultsFileError with a one-line reason.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { packageRoot } from '../io/package-root.js';
import { readJsonFile } from '../io/read-json-file.js';
import { SCHEMA_VERSION, STATUSES, summarize, type ResultsFile } from './results-file.js';

export class ResultsFileError extends Error {
  override readonly name = 'ResultsFileError';
  readonly code = 'ERR_RTCONF_RESULTS_FILE';
}

let validator: ValidateFunction | undefined;

/** The JSON Schema of results.json v1, as published in `results/results.schema.json`. */
export function resultsSchemaPath(): string {
  return join(packageRoot(), 'results', 'results.schema.json');
}

async function compiledValidator(): Promise<ValidateFunction> {
  if (validator) return validator;
  // ajv and ajv-formats are CommonJS; createRequire sidesteps their ESM default-export interop quirks.
  const require = createRequire(import.meta.url);
  const Ajv2020 = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js').default;
  const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
  const ajv = new Ajv2020({ allErrors: false, strict: true, allowUnionTypes: true, strictRequired: false });
  addFormats(ajv);
  validator = ajv.compile(JSON.parse(await readFile(resultsSchemaPath(), 'utf8')) as object);
  return validator;
}

function describeSchemaError(error: ErrorObject | undefined): string {
  if (!error) return 'does not match the results schema';
  const where = error.instancePath || '(top level)';
  return `${where} ${error.message ?? 'is invalid'}`;
}

/** Validates parsed JSON as a results file; throws ResultsFileError naming `source` and the first problem. */
export async function validateResults(data: unknown, source = 'results'): Promise<ResultsFile> {
  const version = typeof data === 'object' && data !== null ? (data as { schemaVersion?: unknown }).schemaVersion : undefined;
  if (version !== SCHEMA_VERSION) {
    throw new ResultsFileError(`${source}: schemaVersion ${JSON.stringify(version) ?? 'missing'} is not one this rtconf reads (it reads ${SCHEMA_VERSION}); is it a results.json?`);
  }
  const validate = await compiledValidator();
  if (!validate(data)) throw new ResultsFileError(`${source}: ${describeSchemaError(validate.errors?.[0])}`);
  const results = data as ResultsFile;
  const ruleIds = new Set(results.rules.map((rule) => rule.id));
  for (const run of results.runs) {
    // Files written before `flaky` existed have no count for it: none of their results can be flaky.
    if (run.summary.flaky === undefined) (run.summary as { flaky: number }).flaky = 0;
    const counted = summarize(run.results);
    const mismatch = (['total', ...STATUSES] as const).find((key) => counted[key] !== run.summary[key]);
    if (mismatch) throw new ResultsFileError(`${source}: summary.${mismatch} of ${run.candidate.id} is ${run.summary[mismatch]} but its results count ${counted[mismatch]}`);
    const stray = run.results.find((result) => result.rules.some((id) => !ruleIds.has(id)));
    if (stray) throw new ResultsFileError(`${source}: result ${stray.case} of ${run.candidate.id} cites a rule not listed in rules[]`);
  }
  return results;
}

export async function readResults(file: string): Promise<ResultsFile> {
  return validateResults(await readJsonFile(file, (message) => new ResultsFileError(message)), file);
}
