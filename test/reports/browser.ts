// Headless Chromium for the report's browser tests: the Debian `chromium` package driven by playwright-core, with a
// fresh profile per launch and every background network feature off (this machine has no network but loopback).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.RTCONF_CHROMIUM ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Why the browser tests cannot run here, or undefined when Chromium is present. */
export function chromiumMissing(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  return `Chromium not found at ${CHROMIUM_PATH}: install the Debian package (apt-get update && apt-get install -y chromium) or set RTCONF_CHROMIUM`;
}

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium with a new, empty user-data-dir that is removed on close. */
export async function launchChromium(viewport = { width: 1400, height: 900 }): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'rtconf-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: ARGS, viewport, timeout: 60_000 });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    context,
    async close() {
      try {
        await context.close();
      } finally {
        await rm(profile, { recursive: true, force: true });
      }
    },
  };
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
