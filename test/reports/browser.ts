// Headless Chromium for the pages' browser tests: the same browser, flags and lookup as `chromium:` candidates
// (runners/chromium/chromium-browser.ts: Debian's package, or RTCONF_CHROMIUM), with a fresh context per launch.
import type { BrowserContext } from 'playwright-core';
import { findChromium, launchChromium as launchBrowser } from '../../runners/chromium/chromium-browser.js';

/** Why the browser tests cannot run here, or undefined when Chromium is present. */
export function chromiumMissing(): string | undefined {
  const found = findChromium();
  return 'missing' in found ? found.missing : undefined;
}

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium (a fresh, empty profile that goes with the browser) and opens a context with `viewport`. */
export async function launchChromium(viewport = { width: 1400, height: 900 }): Promise<Browser> {
  const found = findChromium();
  if ('missing' in found) throw new Error(found.missing);
  const browser = await launchBrowser(found.path);
  try {
    const context = await browser.newContext({ viewport });
    return { context, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** In CI (CI=true) the browser tests must run: a missing Chromium is then an error, not a skip. */
export function inCi(): boolean {
  return ['true', '1', 'yes'].includes((process.env.CI ?? '').toLowerCase());
}

/**
 * For a browser test's `before` hook: skips the suite when Chromium is missing, except in CI, where a missing browser
 * is a broken setup and fails the hook rather than letting the suite pass quietly.
 * @example
 * before(function () { skipWithoutChromium(this); });
 */
export function skipWithoutChromium(context: Mocha.Context): void {
  const missing = chromiumMissing();
  if (!missing) return;
  if (inCi()) throw new Error(`${missing}. CI=true, so the browser tests must run.`);
  console.warn(`      skipping the browser tests: ${missing}`);
  context.skip();
}
