/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// What a drill-down shows of one result: what was expected of it (with a gate), its message, expected vs actual, a
// property's counterexample, the errors the candidate let escape while it ran (a finding), and the command that
// replays it.
import { h } from './dom.js';
import { expectationFacts } from './expectation-facts.js';
import { facts } from './facts.js';
import { replayBlock } from './replay-block.js';
import type { ReportResult } from './types.js';
import { STRAY_CONSEQUENCE, strayLine } from '../../../../results/stray-findings.js';

/**
 * @param result the result
 * @param replay the replay command, when the result is worth replaying and the data has what it takes
 * @param link the copy-link control of this result's view (case × candidate), shown beside the replay command
 */
export function resultDetails(result: ReportResult, replay: string | undefined, link?: HTMLElement): HTMLElement[] {
  const parts: HTMLElement[] = [];
  if (result.expectation) parts.push(expectationFacts(result.expectation, result.status));
  if (result.message !== undefined) parts.push(h('h4', null, 'Message'), h('pre', { class: 'message' }, result.message));
  if (result.expected !== undefined || result.actual !== undefined) {
    parts.push(
      h(
        'div',
        { class: 'compare' },
        h('div', null, h('h4', null, 'Expected'), h('pre', { class: 'expected' }, result.expected ?? '—')),
        h('div', null, h('h4', null, 'Actual'), h('pre', { class: 'actual' }, result.actual ?? '—')),
      ),
    );
  }
  const example = result.counterexample;
  if (example) {
    parts.push(
      h('h4', null, 'Property counterexample'),
      facts([
        ['Seed', String(example.seed)],
        ['Path', example.path],
        ['Runs', example.numRuns === undefined ? undefined : String(example.numRuns)],
      ]),
      h('pre', { class: 'counterexample' }, example.value),
    );
  }
  const strays = result.strays ?? [];
  if (strays.length > 0) {
    parts.push(
      h('h4', null, 'Errors the candidate let escape'),
      h('p', { class: 'hint strays-note' }, `A finding, apart from the status: ${STRAY_CONSEQUENCE}.`),
      h('ul', { class: 'strays' }, ...strays.map((stray) => h('li', null, h('code', null, strayLine(stray))))),
    );
  }
  if (replay !== undefined) parts.push(h('h4', null, 'Replay this case'), replayBlock(replay));
  if (link) parts.push(link);
  return parts;
}

/** Whether a result opens expanded: one that did not plainly pass, skip or not apply, or one with a finding (strays). */
export function isNoteworthy(status: string, result?: ReportResult | null): boolean {
  return (status !== 'pass' && status !== 'skip' && status !== 'na') || (result?.strays?.length ?? 0) > 0;
}
