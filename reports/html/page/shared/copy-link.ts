/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// "Copy link": the address of one view of the page (a rule, a case, a cell, an API, a filter, a comparison), which
// restores exactly that view when opened, offline, from the file itself. Where the clipboard is refused (file://,
// permissions) the link is shown selected, so Ctrl+C copies it.
import { copyButton } from './copy-button.js';
import { h } from './dom.js';

/**
 * The full address of the page with `hash` as its fragment.
 * @example
 * linkTo('#case=querystring.parse.x&for=reference'); // 'file:///…/index.html#case=querystring.parse.x&for=reference'
 */
function linkTo(hash: string): string {
  return `${location.href.split('#', 1)[0] ?? ''}${hash.startsWith('#') ? hash : `#${hash}`}`;
}

/**
 * A Copy link button with the link beside it (a real anchor, so it can also be opened or dragged).
 * @param hash the view's state as a URL fragment
 * @param what the view, for the button's accessible name: `this case for node 22.23.3`
 */
export function copyLink(hash: string, what: string): HTMLElement {
  const href = linkTo(hash);
  const anchor = h('a', { class: 'view-link', href: hash.startsWith('#') ? hash : `#${hash}` }, 'permalink');
  const shown: HTMLInputElement = h('input', { class: 'link-text', type: 'text', readonly: true, value: href, 'aria-label': `Link to ${what}`, hidden: true });
  const button = copyButton({
    text: href,
    label: 'Copy link',
    copied: 'Link copied',
    ariaLabel: `Copy a link to ${what}`,
    className: 'secondary copy-link',
    selectInstead() {
      shown.hidden = false;
      shown.focus();
      shown.select();
    },
  });
  button.dataset.href = href;
  return h('div', { class: 'link-row' }, button, anchor, shown);
}
