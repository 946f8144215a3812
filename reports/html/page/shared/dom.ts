/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Element and text helpers. Every string from the results (candidate names, messages, counterexamples, even rule
// titles) is untrusted: it reaches the DOM only through text nodes, textContent and setAttribute on inert
// attributes, never through HTML. There is no helper here that parses markup, and none should be added.

/** The event handlers `h` attaches; any other `on…` key is refused rather than set as an inline-handler attribute. */
export interface EventProps {
  readonly onclick?: (event: MouseEvent) => void;
  readonly onkeydown?: (event: KeyboardEvent) => void;
  readonly oninput?: (event: Event) => void;
  readonly onchange?: (event: Event) => void;
}

type Handler = NonNullable<EventProps[keyof EventProps]>;

/** `null`, `undefined` and `false` leave the attribute out; `true` sets it empty. */
export type AttributeValue = string | number | boolean | null | undefined;

/** `class` sets className, `text` sets textContent, `on…` attaches a handler, anything else goes through setAttribute. */
export type Props = EventProps & {
  readonly class?: string | null;
  readonly text?: string | number;
  readonly [attribute: string]: AttributeValue | Handler;
};

/** Strings and numbers become text nodes; `null`, `undefined` and `false` are skipped. */
export type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element.
 * @param tag the element name
 * @param props attributes, `class`, `text` and event handlers
 * @param children nodes and text
 * @example
 * h('p', { class: 'muted' }, 'Candidate id: ', candidate.id); // candidate.id becomes a text node
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props) {
    for (const [key, value] of Object.entries(props)) {
      if (/^on/i.test(key)) {
        if (value === undefined || value === null || value === false) continue;
        if (typeof value !== 'function' || !HANDLED.has(key)) throw new Error(`h: refusing to set "${key}" on <${tag}>`);
        continue;
      }
      if (value === undefined || value === null || value === false || typeof value === 'function') continue;
      if (key === 'class') node.className = String(value);
      else if (key === 'text') node.textContent = String(value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    const element: HTMLElement = node;
    if (props.onclick) element.addEventListener('click', props.onclick);
    if (props.onkeydown) element.addEventListener('keydown', props.onkeydown);
    if (props.oninput) element.addEventListener('input', props.oninput);
    if (props.onchange) element.addEventListener('change', props.onchange);
  }
  append(node, children);
  return node;
}

const HANDLED: ReadonlySet<string> = new Set<keyof EventProps>(['onclick', 'onkeydown', 'oninput', 'onchange']);

function append(parent: ParentNode, children: readonly Child[]): void {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    parent.append(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}
