// Turns a candidate id (`./adapter.mjs`, `runtime:node@22`, anything a user typed) into a token that is safe as a
// file name part and as a JUnit class name segment: no path separators, no dots, no spaces, no markup.

/**
 * @param id a candidate id as recorded in results.json
 * @returns a non-empty string of `[a-z0-9_@-]`, stable for the same id
 * @example
 * safeCandidateId('runtime:node@22'); // 'runtime-node@22'
 * safeCandidateId('./adapters/My Polyfill.mjs'); // 'adapters-my-polyfill-mjs'
 */
function safeCandidateId(id: string): string {
  const safe = id
    .toLowerCase()
    .replace(/[^a-z0-9_@-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return safe === '' ? 'candidate' : safe;
}

/**
 * Safe ids for every candidate of a run, made unique by a numeric suffix when two ids collapse to the same token.
 * @param ids candidate ids in run order
 * @returns one safe id per input, in the same order, all distinct
 * @example
 * uniqueSafeIds(['a.mjs', 'a-mjs']); // ['a-mjs', 'a-mjs-2']
 */
export function uniqueSafeIds(ids: readonly string[]): string[] {
  const used = new Set<string>();
  return ids.map((id) => {
    const base = safeCandidateId(id);
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    return candidate;
  });
}
