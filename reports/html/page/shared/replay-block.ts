/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The replay command of a case, with a Copy button that falls back to selecting the text where the clipboard is
// refused (permissions, file://).
import { replayFor as replayOf } from '../../../../results/replay.js';
import type { ReportCandidate, ReportResult } from './types.js';
import { copyButton } from './copy-button.js';
import { h } from './dom.js';

/**
 * The command that reruns one case of one candidate alone, derived from what the page holds by the one function the
 * console and JUnit use too (results/replay.ts: a runtime pinned to the release it ran, a flaky result with the
 * seed of its failing repetition); undefined when the data lacks what it needs.
 */
export function replayFor(candidate: Pick<ReportCandidate, 'id' | 'name' | 'kind' | 'version' | 'path'>, caseId: string, result: Pick<ReportResult, 'outcomes'>, seed: unknown): string | undefined {
  if (!candidate.id || !caseId || typeof seed !== 'number' || !Number.isSafeInteger(seed)) return undefined;
  return replayOf(candidate, caseId, result, seed);
}

export function replayBlock(command: string): HTMLElement {
  const code = h('code', null, command);
  const pre = h('pre', { class: 'replay' }, code);
  const button = copyButton({
    text: command,
    label: 'Copy',
    copied: 'Copied',
    ariaLabel: 'Copy the replay command',
    className: 'secondary copy',
    selectInstead() {
      const range = document.createRange();
      range.selectNodeContents(code);
      const selection = window.getSelection();
      if (selection) {
        selection.removeAllRanges();
        selection.addRange(range);
      }
    },
  });
  return h('div', { class: 'replay-row' }, pre, button);
}
