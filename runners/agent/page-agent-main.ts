// The page agent's entry point: the script a page in Chromium runs (bundled by build-page-agent.ts, served beside the
// candidate's own bundle by runners/chromium/page-server.ts). It serves cases over the page's channel
// (page-harness-channel.ts) with the same session as every agent (serve-agent.ts). The page has no `process`: what
// runs the agent is the browser, read from its user agent, and the agent ends by asking the harness to close the page.
import { pageHarnessChannel } from './page-harness-channel.js';
import { serveAgent } from './serve-agent.js';

/** What this file reads of the page's globals (the build has no DOM types). */
interface PageGlobals {
  readonly navigator: { readonly userAgent: string };
  addEventListener(type: 'error', listener: (event: { readonly error?: unknown; readonly message?: string }) => void): void;
  addEventListener(type: 'unhandledrejection', listener: (event: { readonly reason?: unknown }) => void): void;
}

const page = globalThis as unknown as PageGlobals;

/** `HeadlessChrome/156.0.8078.108` in the user agent → 156.0.8078.108. */
function browserVersion(userAgent: string): string {
  return /(?:HeadlessChrome|Chrome|Chromium)\/([\d.]+)/.exec(userAgent)?.[1] ?? userAgent.slice(0, 200);
}

const channel = pageHarnessChannel();
serveAgent(channel, {
  runtime: () => ({ name: 'chromium', version: browserVersion(page.navigator.userAgent), execPath: '' }),
  exit: () => channel.exit(),
  onStrayError(listener) {
    // An error event may carry only a message: passed as text, not as an Error made here, whose stack would be ours.
    page.addEventListener('error', (event) => listener(event.error ?? event.message ?? 'an error event without an error', 'uncaught-exception'));
    page.addEventListener('unhandledrejection', (event) => listener(event.reason, 'unhandled-rejection'));
  },
});
channel.open();
