// What the harness's own code in the page agent imports from Node's builtins, as a page has it. The page agent bundle
// (build-page-agent.ts) maps each `node:` module the cases, the kit, execute-case and serve-agent import to this one
// module, and refuses any other: a page has no Node builtins and no Node globals, and the candidate's own bundle gets
// neither (runners/chromium/bundle-candidate.ts). Nothing here is installed as a global; only our code imports it.
//
// The querystring cases need `inspect` and `isDeepStrictEqual`; the rest is code the page never reaches (temp dirs and
// fixture paths serve the child_process cases, which a page does not run) and says so if it ever is.
import { util as chaiUtil } from 'chai';

/** The subset of Node's `util.inspect` options the harness passes; only `depth` changes what is printed here. */
interface InspectOptions {
  readonly depth?: number;
  readonly breakLength?: number;
  readonly maxArrayLength?: number;
  readonly maxStringLength?: number;
}

/**
 * A value as messages show it: chai's inspector (loupe), which prints what Node's `util.inspect` prints for the values
 * in messages (strings quoted, arrays, objects, symbols, bigints, `[Function name]`), in its own spelling. Only
 * messages differ from a Node agent's, never a verdict.
 * @example
 * inspect({ a: ['1', '2'] }); // "{ a: [ '1', '2' ] }"
 */
export function inspect(value: unknown, options: InspectOptions = {}): string {
  return chaiUtil.inspect(value, false, options.depth ?? 2);
}

/**
 * Deep equality as the cases use it: chai's `deep-eql`. Unlike Node's `isDeepStrictEqual` it does not compare
 * prototypes, which no case relies on: every value they compare is built by the case (`plain()` copies of parse results
 * with Object.prototype, strings, arrays of strings, `{ threw }` records).
 * @example
 * isDeepStrictEqual({ a: ['1'] }, { a: ['1'] }); // true
 */
export function isDeepStrictEqual(left: unknown, right: unknown): boolean {
  return chaiUtil.eql(left, right);
}

/** Runs `callback` once the event loop turns again (a macrotask), as Node's `setImmediate` does for serve-agent. */
export function setImmediate(callback: () => void): void {
  setTimeout(callback, 0);
}

class NoSuchThingInAPage extends Error {
  override readonly name = 'NoSuchThingInAPage';
}

function unavailable(what: string): never {
  throw new NoSuchThingInAPage(`${what} is not available in a page`);
}

/** Fixture paths (child_process cases only) have no meaning in a page: joined as URL paths are, never used to load. */
export function join(...parts: string[]): string {
  return parts.join('/').replace(/\/+/g, '/');
}

export function pathToFileURL(path: string): never {
  return unavailable(`a file URL (${path})`);
}

export function tmpdir(): never {
  return unavailable('a temporary directory');
}

export function mkdtemp(prefix: string): Promise<never> {
  return Promise.reject(new NoSuchThingInAPage(`a temporary directory (${prefix}) is not available in a page`));
}

export function rm(path: string): Promise<never> {
  return Promise.reject(new NoSuchThingInAPage(`a file system (${path}) is not available in a page`));
}

/**
 * The reference's `unescapeBuffer` and the channel's byte arrays name `Buffer`; neither is reached in a page (no case
 * calls the oracle's unescapeBuffer, no certificate is sent to a page). Any use says so instead of falling back on a
 * global the page does not have.
 */
export const Buffer = {
  from(): never {
    return unavailable('Buffer (the harness has none in a page)');
  },
};
