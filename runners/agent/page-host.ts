// The host of a page agent: each agent is one page, in a headless Chromium of its own that the host launches and kills
// (runners/chromium/ finds and launches it), so that what the agent costs can be read and a stuck agent stopped the way
// a process agent is: the browser's processes are found by a tag in its environment and by ancestry in the process
// table (process-table.ts), their CPU time read there (a page stuck in a loop burns CPU; one slowed down by a busy
// machine does not), and killed at once, synchronously (kill-tree.ts). The next agent gets a fresh browser and page. The harness's end of the page channel
// lives here: frames from the agent arrive through bindings exposed on the page, frames to it are delivered with
// page.evaluate, in order.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { AgentHost, AgentHostEvents, AgentHostFactory } from './agent-host.js';
import type { AgentChannel } from './channel.js';
import { Tail } from './agent-process.js';
import { killTree } from './kill-tree.js';
import { PAGE_BINDINGS, PAGE_DELIVER } from './page-harness-channel.js';
import { carriesTag, ProcessTreeCpu, readProcessTable } from './process-table.js';
import { MAX_LINE_BYTES } from './protocol.js';

/** Where the agents' pages come from: how to launch a browser, and the address of the page that runs the agent. */
export interface PageSite {
  /** Launches headless Chromium for one agent, with `env` added to its environment. */
  launch(env: Readonly<Record<string, string>>): Promise<Browser>;
  readonly url: string;
}

/** Environment variable of a page agent's browser, so that its processes can be found and killed. */
const PAGE_TAG_VARIABLE = 'RTCONF_PAGE_TAG';

/** How long `kill` waits for the browser to close. */
const CLOSE_WAIT_MS = 5000;

/**
 * Hosts for agents in pages of `site`, each in a browser of its own.
 * @example
 * createAgentRunner({ candidate, load, host: pageHosts({ launch: (env) => launchChromium(path, env), url: server.url }) });
 */
export function pageHosts(site: PageSite): AgentHostFactory {
  return async () => new PageHost(site);
}

/** The browser process carrying `tag` in its environment (its helpers descend from it), on Linux; else undefined. */
function taggedRoot(tag: string): number | undefined {
  const tagged = new Map<number, number>();
  for (const entry of readProcessTable()) if (carriesTag(entry.pid, tag)) tagged.set(entry.pid, entry.ppid);
  // The root is the tagged process whose parent is not tagged (Debian's wrapper script execs the browser in place).
  for (const [pid, ppid] of tagged) if (!tagged.has(ppid)) return pid;
  return undefined;
}

class PageHost implements AgentHost {
  /** `NAME=value` in the browser's environment. */
  readonly tag = `${PAGE_TAG_VARIABLE}=${randomBytes(8).toString('hex')}`;
  private browser?: Browser;
  private root?: number;
  private cpu?: ProcessTreeCpu;
  private page?: Page;
  private killed = false;
  private ended = false;
  private events?: AgentHostEvents;
  private closing?: Promise<void>;
  private readonly tail = new Tail();

  constructor(private readonly site: PageSite) {}

  async start(events: AgentHostEvents): Promise<void> {
    this.events = events;
    const [name, value] = this.tag.split('=') as [string, string];
    const browser = await this.site.launch({ [name]: value });
    this.browser = browser;
    this.root = taggedRoot(this.tag);
    if (this.root !== undefined) this.cpu = new ProcessTreeCpu(this.root);
    if (this.killed) {
      // Killed while the browser was starting: nothing may run in it.
      this.stopBrowser();
      return;
    }
    browser.on('disconnected', () => this.end(this.killed ? 'its browser was closed by the harness' : 'its browser went away'));
    const page = await browser.newPage();
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

  /** The CPU time of the agent's browser, all its processes together (the page's renderer does the work). */
  cpuMs(): number | undefined {
    return this.cpu?.cpuMs();
  }

  diagnostics(): string {
    return this.tail.toString();
  }

  killNow(): void {
    if (this.killed) return;
    this.killed = true;
    this.stopBrowser();
  }

  async kill(): Promise<void> {
    this.killNow();
    if (!this.closing) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.closing, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  /**
   * Kills the browser with everything it started, synchronously where its processes are known (it also runs from a
   * process 'exit' hook), then lets playwright notice and remove the browser's temporary profile.
   */
  private stopBrowser(): void {
    if (this.root !== undefined) killTree(this.root, this.tag);
    this.closing = this.browser?.close().catch(() => undefined);
  }

  /** Reports the agent gone, once. */
  private end(info: string): void {
    if (this.ended) return;
    this.ended = true;
    this.events?.exited(info);
  }

  private record(line: string): void {
    this.tail.push(`${line}\n`);
  }
}
