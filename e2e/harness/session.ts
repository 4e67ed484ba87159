import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, newContext, newPage, type PageProblems, visit } from './browser';

export interface OpenedPage {
  page: Page;
  problems: PageProblems;
}

export interface BrowserSession {
  readonly browser: Browser;
  /** The file's shared profile: storage set by one test is seen by the next. */
  readonly context: BrowserContext;
  /**
   * The shared profile's page, navigated to `path` (a full page load). The same tab
   * serves every test of the file, so a test must not leave routes, init scripts or
   * listeners on it: use `tab()` for that.
   */
  open(path: string): Promise<OpenedPage>;
  /** A new page in `context` (the shared profile by default), already at `path`. */
  openIn(context: BrowserContext, path: string): Promise<OpenedPage>;
  /** A new blank page, for tests that prepare it (init scripts, routes) before visiting. */
  tab(context?: BrowserContext): Promise<OpenedPage>;
  /** A fresh profile (on the same site unless `options.baseURL` says otherwise), closed after the test. */
  freshContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * One browser for a test file, on one site. Registers the hooks itself: every page a
 * test used is checked after the test for uncaught errors, console errors and failed
 * requests (the test fails on any); pages and profiles the test made are closed.
 */
export function browserSession(site: () => string, options: BrowserContextOptions = {}): BrowserSession {
  let browser: Browser | undefined;
  let shared: BrowserContext | undefined;
  let reusable: OpenedPage | undefined;
  let used: OpenedPage[] = [];
  let opened: OpenedPage[] = [];
  let contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    shared = await newContext(browser, site(), options);
  });
  afterEach(async () => {
    const pages = [...used, ...opened];
    const fresh = contexts;
    used = [];
    opened = [];
    contexts = [];
    const problems = pages.flatMap(({ page, problems }) => problems.list().map((line) => `${page.url()}: ${line}`));
    for (const { problems } of pages) problems.reset();
    await Promise.all(pages.filter((entry) => entry !== reusable).map(({ page }) => page.close()));
    await Promise.all(fresh.map((context) => context.close()));
    if (problems.length > 0) throw new Error(`the page reported problems:\n${problems.join('\n')}`);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const session: BrowserSession = {
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    get context() {
      if (!shared) throw new Error('the browser starts in beforeAll');
      return shared;
    },
    async open(path) {
      if (!reusable || reusable.page.isClosed()) reusable = await newPage(session.context);
      if (!used.includes(reusable)) used.push(reusable);
      await visit(reusable.page, path);
      return reusable;
    },
    async openIn(context, path) {
      const entry = await session.tab(context);
      await visit(entry.page, path);
      return entry;
    },
    async tab(context = session.context) {
      const entry = await newPage(context);
      opened.push(entry);
      return entry;
    },
    async freshContext(extra = {}) {
      const context = await newContext(session.browser, site(), { ...options, ...extra });
      contexts.push(context);
      return context;
    },
  };
  return session;
}
