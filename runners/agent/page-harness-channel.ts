// The agent's end of a page's channel (channel.ts), inside the page: frames to the harness go through a binding the
// harness exposed on the page (playwright's exposeBinding), frames from it arrive as calls of a function the agent
// defines on the page's global object (the harness calls it with page.evaluate). Each call carries one frame as a
// string. The names are shared with the harness's end (page-host.ts).
import type { HarnessChannel, HarnessChannelEvents } from './channel.js';

/** The bindings the harness exposes on the page, called by the agent. */
export const PAGE_BINDINGS = {
  /** The agent listens: the harness may send its first frame. */
  open: '__rtconfOpen',
  /** One frame from the agent. */
  frame: '__rtconfFrame',
  /** The agent ends itself (the harness closes the page). */
  exit: '__rtconfExit',
} as const;

/** The function the agent defines on the page's global object, called by the harness with each frame for it. */
export const PAGE_DELIVER = '__rtconfDeliver';

type Binding = (...args: unknown[]) => unknown;

/** The agent's end, plus what only a page's agent does: say it listens, and ask to be ended. */
export interface PageHarnessChannel extends HarnessChannel {
  /** Tells the harness the agent listens; call once `listen` has been called. */
  open(): void;
  /** Asks the harness to close this page. */
  exit(): void;
}

function binding(name: string): Binding {
  const found = (globalThis as Record<string, unknown>)[name];
  if (typeof found !== 'function') throw new Error(`this page has no ${name}: it is opened by rtconf, not by hand`);
  return found as Binding;
}

/**
 * The agent's end of the page channel. The bindings are taken now, before the candidate is loaded, so a candidate that
 * replaces or deletes the page's globals cannot come between the agent and the harness.
 * @example
 * const channel = pageHarnessChannel();
 * serveAgent(channel, platform);
 * channel.open();
 */
export function pageHarnessChannel(): PageHarnessChannel {
  const open = binding(PAGE_BINDINGS.open);
  const frame = binding(PAGE_BINDINGS.frame);
  const exit = binding(PAGE_BINDINGS.exit);
  // The bindings answer with promises; a page being closed rejects them, which is no news to the agent.
  const call = (fn: Binding, ...args: unknown[]): void => void Promise.resolve(fn(...args)).catch(() => undefined);
  return {
    send(text: string) {
      call(frame, text);
    },
    listen(events: HarnessChannelEvents) {
      // Fixed for the page's life: a candidate cannot swap the function the harness delivers frames to.
      Object.defineProperty(globalThis, PAGE_DELIVER, {
        value: (text: unknown) => {
          if (typeof text === 'string') events.frame(text);
        },
        writable: false,
        configurable: false,
        enumerable: false,
      });
      // The harness going away closes the page itself: there is nothing left to end here, so `closed` never comes.
    },
    open() {
      call(open);
    },
    exit() {
      call(exit);
    },
  };
}
