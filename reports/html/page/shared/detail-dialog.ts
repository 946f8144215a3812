/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The modal dialog both pages drill down in: a Close button (and Esc), a click on the backdrop closes it, and the
// focus goes back to what opened it (else to the matrix heading). What it shows is the page's business.
import { h } from './dom.js';

export interface DetailDialog {
  readonly dialog: HTMLDialogElement;
  /** Remembers what to give the focus back to, when the dialog is not already open. */
  remember(trigger: EventTarget | null | undefined): void;
  /** Shows `content` (opening the dialog if needed), scrolled to the top, with the focus on `#detail-title`. */
  show(content: readonly HTMLElement[]): void;
  /** Closes the dialog if it is open. */
  close(): void;
}

/**
 * @param onClose called when the dialog closes, before the focus moves (the pages clear their state there)
 */
export function createDetailDialog(onClose: () => void): DetailDialog {
  const body = h('div', { class: 'dialog-body' });
  const dialog: HTMLDialogElement = h(
    'dialog',
    { class: 'detail', 'aria-labelledby': 'detail-title' },
    h('div', { class: 'dialog-bar' }, h('button', { type: 'button', class: 'secondary close', onclick: () => dialog.close() }, 'Close ', h('kbd', null, 'Esc'))),
    body,
  );
  let returnFocus: Element | null = null;

  dialog.addEventListener('close', () => {
    onClose();
    const back = returnFocus && returnFocus.isConnected ? returnFocus : document.getElementById('matrix-heading');
    returnFocus = null;
    if (back instanceof HTMLElement) back.focus();
  });
  dialog.addEventListener('click', (event) => {
    // A click on the backdrop (outside the dialog's box) closes it, as people expect of a modal.
    if (event.target !== dialog) return;
    const box = dialog.getBoundingClientRect();
    if (event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom) dialog.close();
  });

  return {
    dialog,
    remember(trigger) {
      if (trigger instanceof Element && !dialog.open) returnFocus = trigger;
    },
    show(content) {
      body.replaceChildren(...content);
      if (!dialog.open) dialog.showModal();
      body.scrollTop = 0;
      document.getElementById('detail-title')?.focus();
    },
    close() {
      if (dialog.open) dialog.close();
    },
  };
}
