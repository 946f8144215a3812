// Opens a generated page (report or dashboard) in the test browser while recording what would make it unfit to
// publish: console errors and warnings, page errors, CSP violations and any request but the file itself.
import type { Page } from 'playwright-core';
import type { Browser } from './browser.js';

export interface WatchedPage {
  readonly page: Page;
  readonly problems: string[];
  readonly requests: string[];
}

// The page-side globals used inside page.evaluate callbacks (the project compiles without the DOM library).
declare const document: { addEventListener(type: 'securitypolicyviolation', listener: (event: { violatedDirective: string; blockedURI: string }) => void): void };
declare const window: object;

/**
 * @param browser from `launchChromium`
 * @param url a file:// URL, optionally with a hash
 * @returns the page once it set `data-ready`, with what it logged so far (and will log later)
 * @throws when the page never becomes ready, with what it said on its console
 */
export async function openWatched(browser: Browser, url: string): Promise<WatchedPage> {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => requests.push(request.url()));
  // Runs before the page's own script, outside its CSP, and records any violation the page itself would trigger.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const log = ((window as unknown as { __csp?: string[] }).__csp ??= []);
      log.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
  await page.goto(url);
  try {
    await page.waitForSelector('html[data-ready]', { timeout: 15_000 });
  } catch (error) {
    await page.close();
    throw new Error(`the page never became ready: ${problems.join(' | ') || (error instanceof Error ? error.message : String(error))}`);
  }
  return { page, problems, requests };
}

/** The CSP violations the page triggered. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

/** Whether a payload of the hostile sample ran (it would set this global). */
export function payloadRan(page: Page, flag: string): Promise<unknown> {
  return page.evaluate((name) => (window as unknown as Record<string, unknown>)[name], flag);
}
