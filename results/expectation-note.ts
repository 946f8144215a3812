// What a candidate's failures come to against the gate, counted from the gate's own lists (`markExpectations`), and
// what the gate was judged against, worded once for the console summary, the report and the dashboard.
// Browser-safe: the page bundles this file.

/** How a source of the gate is labelled: `expectations FILE`, `baseline FILE`. */
export const EXPECTATIONS_LABEL = 'expectations';
export const BASELINE_LABEL = 'baseline';

export interface ExpectationCounts {
  /** Failing results (fail, error, timeout, crash, flaky). */
  readonly failing: number;
  /** Of those, the ones the gate calls unexpected (the gate accepts the others). */
  readonly unexpected: number;
  /** Failing results marked `expected`: their status is an allowed one. The rest of the failing results the gate
   *  accepts are failures of informative rules only that nothing expected (`failing - unexpected - expected`). */
  readonly expected: number;
  /** Results passing where only failures were expected. */
  readonly unexpectedPasses: number;
}

/**
 * What a candidate's failures come to against the gate, in words the summary and the pages share.
 * @example
 * expectationNote({ failing: 17, unexpected: 0, expected: 17, unexpectedPasses: 0 }); // 'all 17 failing results expected'
 * expectationNote({ failing: 17, unexpected: 2, expected: 15, unexpectedPasses: 0 }); // '2 of 17 failing results unexpected'
 * expectationNote({ failing: 3, unexpected: 0, expected: 2, unexpectedPasses: 0 }); // 'none of the 3 failing results unexpected: 2 expected, 1 of informative rules only'
 */
export function expectationNote(counts: ExpectationCounts): string {
  const noun = counts.failing === 1 ? 'failing result' : 'failing results';
  if (counts.unexpected > 0) return `${counts.unexpected} of ${counts.failing} ${noun} unexpected`;
  if (counts.expected === counts.failing) return counts.failing === 1 ? 'its 1 failing result expected' : `all ${counts.failing} ${noun} expected`;
  const informative = counts.failing - counts.expected;
  return `none of the ${counts.failing} ${noun} unexpected: ${counts.expected} expected, ${informative} of informative rules only`;
}

/**
 * The gate's sources as one phrase, each kind named once before its files, in the order given.
 * @param labels the sources' labels (`expectations a.json`, `baseline old.json`)
 * @example
 * describeSources(['expectations a.json', 'expectations b.json', 'baseline old.json']); // 'expectations a.json, b.json; baseline old.json'
 */
export function describeSources(labels: readonly string[]): string {
  const groups: { kind: string; names: string[] }[] = [];
  for (const label of labels) {
    const kind = [EXPECTATIONS_LABEL, BASELINE_LABEL].find((prefix) => label.startsWith(`${prefix} `));
    const last = groups[groups.length - 1];
    if (kind && last?.kind === kind) last.names.push(label.slice(kind.length + 1));
    else groups.push(kind ? { kind, names: [label.slice(kind.length + 1)] } : { kind: '', names: [label] });
  }
  return groups.map(({ kind, names }) => (kind ? `${kind} ${names.join(', ')}` : names.join(', '))).join('; ');
}
