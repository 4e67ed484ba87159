import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeScan, seriousViolations } from '../harness/axe';
import { gameFrame, logLine } from '../harness/game';
import { en, fill } from '../harness/messages';
import { browserSession } from '../harness/session';
import { expectRefusedLinkPage } from '../harness/sign-in';
import { singleGameUrl } from '../harness/sites';

// The single-game site of spec §2 (FIXED_GAME=sky-runner): it opens on its game, has
// no landing or catalog, and sends unknown paths home to the game.
const session = browserSession(singleGameUrl);

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
const player = (page: Page) => page.getByRole('region', { name: 'Sky Runner' });

async function expectSkyRunner(page: Page) {
  await player(page).waitFor();
  await page.waitForFunction(() => document.title.startsWith('Sky Runner'));
  // The fixed game is the one launched, whatever the path names.
  expect(await page.getByTestId('game-frame').getAttribute('src')).toContain('game=sky-runner');
  expect(await page.getByRole('heading', { name: en.landing.gamesTitle }).count()).toBe(0);
}

describe('home', () => {
  it('/ plays the fixed game, and it connects', async () => {
    const { page } = await session.open('/');
    await expectSkyRunner(page);
    await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
    await page.getByTestId('game-loader').waitFor({ state: 'detached' });
    expect(path(page)).toBe('/');
  });

  for (const route of ['/iframe/ok', '/play/sky-runner', '/player/sky-runner/iframe/vkcom', '/play/gem-garden']) {
    it(`${route} plays the fixed game`, async () => {
      const { page } = await session.open(route);
      await expectSkyRunner(page);
      expect(path(page)).toBe(route);
    });
  }
});

describe('pages', () => {
  for (const [route, title] of [
    ['/Store/ContinueWithPI', en.store.continueTitle],
    ['/Store/Return/42', en.store.returnTitle],
    ['/Store/MerchantPaymentCompleted/merchant-token-1', en.store.merchantTitle],
    ['/Docs/tos', 'Terms of Service'],
    ['/Docs/pp', 'Privacy Policy'],
    ['/error', en.errorPage.title],
  ] as const) {
    it(`${route} shows "${title}"`, async () => {
      const { page } = await session.open(route);
      await heading(page, title).waitFor();
      expect(path(page)).toBe(route);
    });
  }

  it('/sky-runner/documents/102/view renders', async () => {
    const { page } = await session.open('/sky-runner/documents/102/view');
    await page.getByRole('banner').waitFor();
    expect(path(page)).toBe('/sky-runner/documents/102/view');
  });

  for (const route of [
    '/LoginWithTempToken?token=not-a-real-token',
    '/LoginValidateEmail?inviteToken=not-a-real-invite',
  ]) {
    it(`${route.split('?')[0]} renders a page`, () => expectRefusedLinkPage(session, route));
  }

  it('/discord-qr shows nothing for a game without a Discord QR code', async () => {
    const { page } = await session.open('/discord-qr');
    await page.getByRole('banner').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('img', { name: en.discord.qrAlt }).count()).toBe(0);
  });

  it('/Error?inviteErrorCode explains it', async () => {
    const { page } = await session.open('/Error?inviteErrorCode=errors.already_connected');
    await page.getByTestId('error-message').filter({ hasText: en.errors.alreadyConnected }).waitFor();
  });
});

describe('redirects', () => {
  it('/Profile asks a visitor to log in, on the game', async () => {
    const { page } = await session.open('/Profile');
    await page.getByText(en.profile.loginRequired).waitFor();
    expect(path(page)).toBe('/');
    await player(page).waitFor();
  });

  for (const route of ['/no/such/page', '/nope', '/play']) {
    it(`${route} redirects to /`, async () => {
      const { page } = await session.open(route);
      await player(page).waitFor();
      expect(path(page)).toBe('/');
    });
  }
});

describe('accessibility', () => {
  it('the game page has no serious accessibility violations', async () => {
    const { page } = await session.open('/');
    await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
    expect(seriousViolations(await axeScan(page))).toEqual([]);
  });

  it('the store return page has no serious accessibility violations', async () => {
    const { page } = await session.open('/Store/Return/42');
    await page.getByText(fill(en.store.returnOrder, { id: '42' })).waitFor();
    expect(seriousViolations(await axeScan(page))).toEqual([]);
  });
});
