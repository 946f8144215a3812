/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Numbers, dates and text as the page prints them.

/**
 * @example
 * formatMs(4.25); // '4.3 ms'
 * formatMs(95_432); // '95.4 s'
 * formatMs(200_000); // '3 min 20 s'
 */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return seconds < 120 ? `${seconds.toFixed(1)} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
}

/**
 * A pass rate as a percentage with at most one decimal; empty when nothing was evaluated.
 * @example
 * percent(999, 1000); // '99.9%'
 * percent(9999, 10000); // '99.9%', never rounded up to 100%
 */
export function percent(passed: number, evaluated: number): string {
  if (evaluated === 0) return '';
  const share = (100 * passed) / evaluated;
  // Never round a failing candidate up to 100%.
  return `${share === 100 ? 100 : Math.min(99.9, Math.round(share * 10) / 10)}%`;
}


/** A timestamp in the reader's locale, or the text as recorded when it is not a date. */
export function formatDate(iso: string): string {
  const when = new Date(iso);
  return Number.isNaN(when.getTime()) ? iso : when.toLocaleString();
}
