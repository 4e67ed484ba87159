import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { findBrowser, INSTALL_HINT } from '../../scripts/browser.mjs';

/**
 * The machine's Chromium: CHROME_PATH (which `npm test` sets after finding or installing
 * one), else the same search `npm test` makes. No test tool downloads a browser.
 */
export const CHROMIUM_PATH = findBrowser()?.path;

/** The two sizes every screenshot is taken at. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** One headless Chromium per test file (`--no-sandbox`: CI runs as root). */
export function launchBrowser(): Promise<Browser> {
  if (!CHROMIUM_PATH) throw new Error(`the browser suite needs Chromium: ${INSTALL_HINT}`);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
}

/**
 * A fresh browser profile (storage, cookies, permissions) on one site. Service workers
 * are blocked unless asked for: they would precache the whole build in every context,
 * and the worker has a test of its own.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS.desktop,
    locale: 'en-US',
    serviceWorkers: 'block',
    ...options,
  });
  // Well inside the test timeout, so a wait that never ends names what it waited for.
  context.setDefaultTimeout(10_000);
  return context;
}

/**
 * Records what a visitor must never meet: uncaught exceptions, console errors (the
 * game iframe's included) and requests that failed at the network level. Expected
 * errors (e.g. the browser's own line about a 404 the test provokes) are allowed by
 * pattern.
 */
export class PageProblems {
  private readonly seen: string[] = [];
  private readonly allowed: RegExp[] = [];

  constructor(page: Page) {
    page.on('pageerror', (error) => this.seen.push(`uncaught ${error.name}: ${error.message}`));
    page.on('console', (message) => {
      // The location names the resource of a "Failed to load resource" line.
      const where = message.location().url;
      if (message.type() === 'error') this.seen.push(`console.error: ${message.text()}${where ? ` (${where})` : ''}`);
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      // A navigation or an unmounting screen cancels what it no longer needs: not a fault.
      if (reason === 'net::ERR_ABORTED') return;
      this.seen.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
    });
    page.on('crash', () => this.seen.push('page crashed'));
  }

  /** Lets problems matching `pattern` pass (until the next reset). */
  allow(pattern: RegExp): this {
    this.allowed.push(pattern);
    return this;
  }

  /** Everything recorded that was not allowed. */
  list(): string[] {
    return this.seen.filter((line) => !this.allowed.some((pattern) => pattern.test(line)));
  }

  /** Forgets what was recorded and allowed, for the next test on the same page. */
  reset(): void {
    this.seen.length = 0;
    this.allowed.length = 0;
  }
}

/** The console line Chromium prints for any HTTP error status a page receives. */
export const HTTP_ERROR_LINE = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}`);

/** A new page in `context` that records its problems. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; problems: PageProblems }> {
  const page = await context.newPage();
  return { page, problems: new PageProblems(page) };
}

/**
 * Opens `path` (relative to the context's baseURL) and waits until the portal has
 * rendered a page, i.e. its main landmark exists.
 */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path.replace(/^\//, ''));
  await page.locator('main').first().waitFor();
}
