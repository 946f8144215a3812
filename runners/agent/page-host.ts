// The host of a page agent: each agent is one page, in a browser context of its own (no storage or cache shared with
// the agents before it), of a headless Chromium the runner launched (runners/chromium/). The harness's end of the page
// channel lives here: frames from the agent arrive through bindings exposed on the page, frames to it are delivered
// with page.evaluate, in order. A stuck agent (a loop that never yields) is stopped by closing its page, which ends
// its renderer; the next agent gets a fresh page. A page has no process the harness can read CPU time from.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AgentHost, AgentHostEvents, AgentHostFactory } from './agent-host.js';
import type { AgentChannel } from './channel.js';
import { PAGE_BINDINGS, PAGE_DELIVER } from './page-harness-channel.js';
import { MAX_LINE_BYTES } from './protocol.js';

/** Where the agents' pages are opened: a launched browser and the address of the page that runs the agent. */
export interface PageSite {
  readonly browser: Browser;
  readonly url: string;
}

const TAIL_CHARS = 4096;
/** How long `kill` waits for the page's context to close. */
const CLOSE_WAIT_MS = 5000;

/**
 * Hosts for agents in pages of `site`.
 * @example
 * createAgentRunner({ candidate, load, host: pageHosts({ browser, url: server.url }) });
 */
export function pageHosts(site: PageSite): AgentHostFactory {
  return async () => new PageHost(site);
}

export class PageHost implements AgentHost {
  private context?: BrowserContext;
  private page?: Page;
  private killed = false;
  private ended = false;
  private events?: AgentHostEvents;
  private closing?: Promise<void>;
  private tail = '';

  constructor(private readonly site: PageSite) {}

  async start(events: AgentHostEvents): Promise<void> {
    this.events = events;
    const context = await this.site.browser.newContext();
    this.context = context;
    if (this.killed) {
      // Killed while the context was being made: nothing may be started any more.
      await context.close().catch(() => undefined);
      return;
    }
    const page = await context.newPage();
    this.page = page;
    let opened = false;
    // One evaluate at a time, so frames reach the agent in the order they were sent; a page that has hung or closed
    // rejects them, and nothing after that matters.
    let delivering = Promise.resolve();
    const channel: AgentChannel = {
      send: (frame) => {
        if (this.killed) return;
        const call = `globalThis[${JSON.stringify(PAGE_DELIVER)}](${JSON.stringify(frame)})`;
        delivering = delivering.then(() => page.evaluate(call)).then(
          () => undefined,
          () => undefined,
        );
      },
      close: () => this.killNow(),
    };
    await page.exposeBinding(PAGE_BINDINGS.open, () => {
      // The agent calls this once; a candidate calling it again opens nothing.
      if (opened || this.killed) return;
      opened = true;
      events.opened(channel);
    });
    await page.exposeBinding(PAGE_BINDINGS.frame, (_source, frame: unknown) => {
      if (this.killed) return;
      if (typeof frame !== 'string') return events.corrupt(`a frame that is not a string but ${frame === null ? 'null' : typeof frame}`);
      if (frame.length > MAX_LINE_BYTES) return events.corrupt(`a frame longer than ${MAX_LINE_BYTES} characters`);
      events.frame(frame);
    });
    await page.exposeBinding(PAGE_BINDINGS.exit, () => {
      this.end('the page agent ended itself');
      this.killNow();
    });
    page.on('console', (message) => this.record(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => this.record(`${error.name}: ${error.message}`));
    page.on('crash', () => this.end('the page crashed'));
    page.on('close', () => this.end(this.killed ? 'its page was closed by the harness' : 'its page was closed'));
    // The agent's script connects on its own once it runs; loading the page is all there is to start.
    await page.goto(this.site.url, { waitUntil: 'commit' });
  }

  cpuMs(): undefined {
    return undefined;
  }

  diagnostics(): string {
    return this.tail.trim();
  }

  killNow(): void {
    if (this.killed) return;
    this.killed = true;
    // Closing the context closes the page and ends its renderer, stuck in a loop or not. Synchronous callers (the
    // process 'exit' hook) cannot wait for it; playwright kills the whole browser when this process exits.
    this.closing = this.context?.close().catch(() => undefined);
  }

  async kill(): Promise<void> {
    this.killNow();
    if (!this.closing) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.closing, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /** Reports the agent gone, once. */
  private end(info: string): void {
    if (this.ended) return;
    this.ended = true;
    this.events?.exited(info);
  }

  private record(line: string): void {
    this.tail = `${this.tail}${line}\n`.slice(-TAIL_CHARS);
  }
}
