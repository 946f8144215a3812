// Reads a JSON input file (results, expectations, baselines) with one-line reasons for everything that can be wrong
// with it, each naming the file, raised as the caller's own error class so the CLI maps it to exit 2.
import { readFile } from 'node:fs/promises';

/**
 * @param file the path, as the user gave it (it is named in every message)
 * @param toError wraps a one-line reason in the caller's error class
 * @returns the parsed JSON, not yet validated
 * @example
 * const data = await readJsonFile('old.json', (message) => new ResultsFileError(message));
 */
export async function readJsonFile(file: string, toError: (message: string) => Error): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : `cannot read (${code ?? String(error)})`;
    throw toError(`${file}: ${reason}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw toError(`${file}: not valid JSON (${error instanceof Error ? error.message : String(error)}); is it truncated?`);
  }
}
