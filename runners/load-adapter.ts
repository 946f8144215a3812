// Loads an adapter module named by path, in the process that will run it (an agent of our own Node): its default
// export must be `{ name, version?, modules, declared? }`, as candidate-shape.ts checks it for every loader.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorText, firstLine } from '../io/message-text.js';
import { CandidateError } from '../results/candidate-spec.js';
import { checkAdapterExport, type AdapterShape } from './candidate-shape.js';

export interface Adapter extends AdapterShape {
  readonly file: string;
}

/**
 * Imports the adapter at `spec` (relative to `cwd`) and checks its default export.
 * @throws CandidateError with the one-line reason (exit 2): no such file, a failed import, or the wrong shape
 */
export async function loadAdapter(spec: string, cwd: string = process.cwd()): Promise<Adapter> {
  const file = resolve(cwd, spec);
  if (!existsSync(file)) throw new CandidateError(`adapter ${file}: no such file`);
  const url = pathToFileURL(file).href;
  let namespace: Record<string, unknown>;
  try {
    namespace = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new CandidateError(`adapter ${file} failed to load: ${firstLine(errorText(error, { withName: true }))}`);
  }
  try {
    return { file, ...checkAdapterExport(namespace.default, { adapterUrl: url }) };
  } catch (error) {
    throw new CandidateError(`adapter ${file}: ${firstLine(errorText(error))}`);
  }
}
