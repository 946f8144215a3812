// Headless Chromium for `chromium:` candidates: the browser installed on the machine (Debian's `chromium` package, or
// the one RTCONF_CHROMIUM names), driven by playwright-core, which downloads no browser of its own. Every background
// network feature is off (a run needs nothing but loopback), and each launch gets a fresh, empty profile that
// playwright removes when the browser closes. Each page agent has a browser of its own (runners/agent/page-host.ts).
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Browser } from 'playwright-core';

/** The variable naming the Chromium executable to use instead of looking for one. */
const CHROMIUM_VARIABLE = 'RTCONF_CHROMIUM';

/** Executable names looked up along PATH, Debian's first. */
const NAMES = ['chromium', 'chromium-browser'];

/** The same flags as the report's browser tests, plus the ones that keep a page's timers running at full speed. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The agent's heartbeat is a timer: a page the browser takes for a background tab must not have it slowed.
  '--disable-background-timer-throttling',
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
];

const LAUNCH_TIMEOUT_MS = 60_000;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Chromium to run: $RTCONF_CHROMIUM when set (it must be executable), else `chromium` or `chromium-browser` on PATH.
 * @returns its path, or a sentence saying what was looked for
 * @example
 * findChromium({ PATH: '/usr/bin' }); // { path: '/usr/bin/chromium' } where Debian's package is installed
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): { readonly path: string } | { readonly missing: string } {
  const named = env[CHROMIUM_VARIABLE];
  if (named) return isExecutable(named) ? { path: named } : { missing: `${CHROMIUM_VARIABLE}=${named} is not an executable file` };
  for (const dir of (env.PATH ?? '').split(delimiter).filter((part) => part !== '')) {
    for (const name of NAMES) {
      const file = join(dir, name);
      if (isExecutable(file)) return { path: file };
    }
  }
  return { missing: `no Chromium found (looked for ${NAMES.join(' and ')} on PATH); install Debian's chromium package (apt-get install chromium) or set ${CHROMIUM_VARIABLE} to its path` };
}

/**
 * Launches headless Chromium from `executable`, with `env` added to its environment.
 * @returns the browser; `browser.version()` says which Chromium it is
 */
export async function launchChromium(executable: string, env: Readonly<Record<string, string>> = {}): Promise<Browser> {
  // Loaded on first launch: playwright-core costs about a second of CPU to load, which every run without a chromium:
  // candidate (and every `rtconf` command that imports the runners) would otherwise pay at start.
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: executable, headless: true, args: CHROMIUM_ARGS, timeout: LAUNCH_TIMEOUT_MS, env: { ...process.env, ...env } });
}
