import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { ownServerWithGames } from '../harness/catalog';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en, localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';

// A player reads the portal's news on the landing, and reads legal documents in the
// document viewer that a game opens through the SDK: markdown as text, and a page that
// refuses to be framed as a link to open it in a new page.

/** Where the catalog's framed document lives on the portal's origin (routed to the refusing server). */
const REFUSING_PATH = '/legal/framed-terms';

// A game whose terms are a page of their own, not text: the viewer frames that page.
const FRAMED_TERMS_GAME = `Games:
  - GameSystemName: framed-terms
    Names: { en: Framed Terms }
    ShortDescriptions: { en: A game whose terms are a web page. }
    IconUrl: /catalog/sky-runner/icon.svg
    Tags: [test]
    PlayGameType: Iframe
    IframeUrl: /demo-game/index.html?game=framed-terms
    Platforms: [fxid]
    SupportedLanguages: [en]
    DefaultLanguage: en
    GameOrientation: Horizontal
    MobileGameOrientation: Horizontal
    Documents:
      - Id: 901
        Type: TOS
        NeedUserAcceptance: true
        CreatedAt: 2026-01-15
        Versions:
          - Id: 9011
            CreatedAt: 2026-01-15
            Url: ${REFUSING_PATH}
            Content: {}
`;

const server = ownServerWithGames(FRAMED_TERMS_GAME);
/** A real web server whose terms page forbids every frame (X-Frame-Options: DENY). */
let refusing: Server;
let refusingOrigin: string;

beforeAll(async () => {
  refusing = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' });
    response.end('<!doctype html><title>Terms</title><h1>Framed Terms: terms of service</h1>');
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  const address = refusing.address();
  refusingOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((resolve) => refusing?.close(resolve));
});

const session = browserSession(() => server.url);

describe('news on the landing', () => {
  it('a player opens all news from the strip and reads them, alerts included', async () => {
    const { page } = await session.open('/');
    // The alert stands above the page as a banner.
    await page.getByRole('status').filter({ hasText: 'Planned maintenance' }).waitFor();
    const strip = page.getByRole('region', { name: en.landing.newsTitle });
    await strip.getByRole('heading', { name: 'Welcome to fxid' }).waitFor();
    await strip.getByRole('button', { name: en.news.allNews }).click();

    const dialog = page.getByRole('dialog', { name: en.news.allTitle });
    for (const header of ['Planned maintenance', 'Sky Runner 1.4', 'Double gems weekend', 'Welcome to fxid', 'Tip']) {
      await dialog.getByRole('heading', { name: header }).waitFor();
    }
    await dialog.getByText('Every level gives twice the gems until Sunday night.').waitFor();
    const update = dialog.getByRole('article').filter({ hasText: 'Sky Runner 1.4' });
    expect(await update.getByText(en.newsPriority.Update, { exact: true }).count()).toBe(1);
    expect(await update.getByRole('list', { name: en.news.tags }).innerText()).toContain('#update');
    expect(await update.getByRole('link', { name: /Learn more/ }).getAttribute('href')).toMatch(/\/play\/sky-runner$/);
    await saveScreenshot(page, 'news-list-desktop');
    await dialog.getByRole('button', { name: en.common.close }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('reads them in Russian in a Russian-speaking browser', async () => {
    const ru = await localeMessages('ru');
    const context = await session.freshContext({ locale: 'ru-RU' });
    const { page } = await session.openIn(context, '/');
    const strip = page.getByRole('region', { name: ru.landing.newsTitle });
    await strip.getByRole('heading', { name: 'Добро пожаловать в fxid' }).waitFor();
    await strip.getByRole('button', { name: ru.news.allNews }).click();
    const dialog = page.getByRole('dialog', { name: ru.news.allTitle });
    await dialog.getByRole('heading', { name: 'Плановые работы' }).waitFor();
    await dialog.getByText('Один аккаунт для всех наших игр.', { exact: false }).waitFor();
    expect(await dialog.getByText(ru.newsPriority.Update, { exact: true }).count()).toBe(1);
  });
});

describe('legal documents in the document viewer', () => {
  let player: SignedIn;
  beforeAll(async () => {
    player = await signInByEmail(server.url);
    await acceptDueDocuments(server.url, player.token, 'gem-garden');
    await acceptDueDocuments(server.url, player.token, 'framed-terms');
  });

  async function signedInContext(): Promise<BrowserContext> {
    const context = await session.freshContext();
    // The top page only: a frame the browser refused holds an error page without storage.
    await context.addInitScript((token) => {
      if (window === window.top) localStorage.setItem('AuthToken', token);
    }, player.token);
    return context;
  }

  /** Presses the demo game's Terms button, which calls the SDK's `documents` method. */
  async function openTermsFromGame(page: Page, game: string): Promise<void> {
    await page.goto(`play/${game}`);
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();
    await frame.locator('details').evaluateAll((sections) => {
      for (const section of sections) (section as HTMLDetailsElement).open = true;
    });
    await frame.locator('button[data-testid="documents"]').click();
  }

  it('a game opens its terms, shown as text; Close closes the viewer', async () => {
    const { page } = await session.tab(await signedInContext());
    await openTermsFromGame(page, 'gem-garden');
    const dialog = page.getByRole('dialog', { name: en.docs.tos });
    await dialog.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
    await dialog.getByText(/By playing Gem Garden you agree to play fairly/).waitFor();
    expect(await dialog.getByRole('button', { name: en.common.print }).isVisible()).toBe(true);
    await saveScreenshot(page, 'document-viewer-desktop');
    await dialog.getByRole('button', { name: en.common.close }).click();
    await dialog.waitFor({ state: 'detached' });
    await logLine(gameFrame(page), 'call documents ok').waitFor();
  });

  it('terms whose page refuses to be framed give way to an open-in-new-page link', async () => {
    const { page, problems } = await session.tab(await signedInContext());
    // The terms page is the refusing server's, reached on the portal's own origin (so the
    // portal's CSP frame-src lets the frame try, and X-Frame-Options is what refuses it).
    await page.route(`**${REFUSING_PATH}`, async (route) =>
      route.fulfill({ response: await route.fetch({ url: `${refusingOrigin}/terms` }) }),
    );
    // The refusal itself, as Chromium reports it: expected here.
    problems
      .allow(/Refused to display .* in a frame because it set 'X-Frame-Options' to 'deny'/)
      .allow(new RegExp(`request failed: GET \\S+${REFUSING_PATH} net::ERR_BLOCKED_BY_RESPONSE`));
    await openTermsFromGame(page, 'framed-terms');
    const dialog = page.getByRole('dialog', { name: en.docs.tos });
    await dialog.getByText(en.documents.frameRefused).waitFor();
    const link = dialog.getByRole('link', { name: en.documents.openInNewPage });
    expect(await link.getAttribute('href')).toBe(REFUSING_PATH);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await dialog.locator('iframe').count()).toBe(0);
    await dialog.getByRole('button', { name: en.common.close }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});
