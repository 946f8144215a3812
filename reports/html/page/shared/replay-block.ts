/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The replay command of a case, with a Copy button that falls back to selecting the text where the clipboard is
// refused (permissions, file://).
import { replayFor as replayOf } from '../../../../results/replay.js';
import type { ReportCandidate, ReportResult } from './types.js';
import { h } from './dom.js';

/** How long the Copy button says what it did. */
const FEEDBACK_MS = 2000;

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
  const button = h('button', { type: 'button', class: 'secondary copy', 'aria-label': 'Copy the replay command' }, 'Copy');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(command);
      button.textContent = 'Copied';
    } catch {
      // Clipboard access can be refused (permissions, file://): select the text so Ctrl+C works.
      const range = document.createRange();
      range.selectNodeContents(code);
      const selection = window.getSelection();
      if (selection) {
        selection.removeAllRanges();
        selection.addRange(range);
      }
      button.textContent = 'Selected: press Ctrl+C';
    }
    window.setTimeout(() => (button.textContent = 'Copy'), FEEDBACK_MS);
  });
  return h('div', { class: 'replay-row' }, pre, button);
}
