// The module object applications may patch. The spec lets an application replace `escape`/`unescape` by assigning to
// the exported property, so parse/stringify/unescape read the current functions from the bound object at call time.

/** The properties of the module object that the other functions look up when they run. */
export interface PatchableExports {
  escape: (str: string) => string;
  unescape: (str: string, decodeSpaces?: boolean) => string;
  unescapeBuffer: (str: string, decodeSpaces?: boolean) => { toString(): string };
}

let bound: PatchableExports | undefined;

/** Called once by `querystring.ts` with the object it exports. */
export function bindExports(target: PatchableExports): void {
  bound = target;
}

/** The exported module object, or `undefined` when a function file is used without the module object. */
export function liveExports(): PatchableExports | undefined {
  return bound;
}
