// What a result says of the candidate's exports: which ones its case found missing or answering with a not-implemented
// error. Since per-API state, the case kit records this as the result's `unimplemented`; in results files written
// before, the same facts are in the message the kit wrote for them ("not implemented: querystring.escape, …"), which
// is read here so that older runs get their states without being run again. Browser-safe (pure functions only).
import type { CaseResult, UnimplementedApi } from './results-file.js';

/** An export named in a kit message: `module.name`, with what the kit wrote of it in parentheses. */
const LISTED_EXPORT = /^((?:querystring|child_process|https)\.[A-Za-z]+)(?: \((.*)\))?$/;
const MESSAGE_PREFIX = 'not implemented: ';

/**
 * The exports a result found missing or not implemented: its `unimplemented`, or for a result written before that
 * field existed, what its "not implemented: …" message lists.
 * @example
 * unimplementedOf({ ...result, message: 'not implemented: querystring.escape' }); // [{ api: 'querystring.escape', observed: 'missing' }]
 */
export function unimplementedOf(result: Pick<CaseResult, 'unimplemented' | 'message' | 'actual'>): readonly UnimplementedApi[] {
  if (result.unimplemented !== undefined) return result.unimplemented;
  return fromMessage(result.message, result.actual);
}

/**
 * The kit's messages before `unimplemented`: `api()` wrote "not implemented: module.name" for an export that is not a
 * function; the module-exports cases listed every export missing or refusing an ordinary call, the https one with
 * "(it throws …)" or "(reading it threw …)" after the name, the others with "a function that throws …" in `actual`.
 */
function fromMessage(message: string | undefined, actual: string | undefined): UnimplementedApi[] {
  const first = message?.split('\n', 1)[0] ?? '';
  if (!first.startsWith(MESSAGE_PREFIX)) return [];
  const items = first.slice(MESSAGE_PREFIX.length).split(/, (?=(?:querystring|child_process|https)\.)/);
  const found: UnimplementedApi[] = [];
  for (const item of items) {
    const match = LISTED_EXPORT.exec(item.trim());
    if (!match?.[1]) continue;
    const api = match[1];
    const name = api.slice(api.indexOf('.') + 1);
    const throws = /\bthr(?:ows|ew)\b/.test(match[2] ?? '') || new RegExp(`\\b${name}: '(?:a function that throws|reading it threw)`).test(actual ?? '');
    found.push({ api, observed: throws ? 'throws-not-implemented' : 'missing' });
  }
  return found;
}
