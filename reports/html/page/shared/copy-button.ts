/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// A button that copies a text to the clipboard and says so for a moment. Where the clipboard is refused (file://,
// permissions) it lets the caller show the text selected instead, so Ctrl+C copies it.
import { h } from './dom.js';

/** How long the button says what it did. */
const FEEDBACK_MS = 2000;

export interface CopyButtonOptions {
  /** The text copied. */
  readonly text: string;
  /** The button's words, and what it says after copying. */
  readonly label: string;
  readonly copied: string;
  /** Its accessible name. */
  readonly ariaLabel: string;
  readonly className: string;
  /** Shows the text selected, when the clipboard was refused. */
  selectInstead(): void;
}

export function copyButton(options: CopyButtonOptions): HTMLButtonElement {
  const button = h('button', { type: 'button', class: options.className, 'aria-label': options.ariaLabel }, options.label);
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(options.text);
      button.textContent = options.copied;
    } catch {
      options.selectInstead();
      button.textContent = 'Selected: press Ctrl+C';
    }
    window.setTimeout(() => (button.textContent = options.label), FEEDBACK_MS);
  });
  return button;
}
