import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeScan, seriousViolations } from '../harness/axe';
import { HTTP_ERROR_LINE } from '../harness/browser';
import { en, fill, LOCALES, localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { expectRefusedLinkPage, signInByEmail } from '../harness/sign-in';
import { portalUrl } from '../harness/sites';

// Every route of spec §2 on the multi-game portal: each renders a page a visitor can
// read, with no uncaught error, console error or failed request (checked after every
// test). The single-game site has its own file.
const session = browserSession(portalUrl);

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });
const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe('landing', () => {
  it('shows the hero, the catalog, news and alerts', async () => {
    const { page } = await session.open('/');
    await heading(page, en.landing.title).waitFor();
    await page.getByRole('heading', { level: 2, name: en.landing.gamesTitle }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Sky Runner', exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Gem Garden', exact: true }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Welcome to fxid' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Planned maintenance' }).waitFor();
    expect(await page.title()).toBe(`${en.landing.title} · fxid`);
  });

  it('/iframe/{adapter} is the landing too', async () => {
    const { page } = await session.open('/iframe/ok');
    await heading(page, en.landing.title).waitFor();
    expect(path(page)).toBe('/iframe/ok');
  });

  it('a game card leads to its player', async () => {
    const { page } = await session.open('/');
    await page.getByRole('link', { name: fill(en.landing.playGame, { name: 'Gem Garden' }) }).click();
    await page.waitForURL('**/play/gem-garden');
    await page.getByText('Gem Garden').first().waitFor();
  });
});

describe('game player', () => {
  for (const [route, name] of [
    ['/play/sky-runner', 'Sky Runner'],
    ['/play/sky-runner/iframe/vkcom', 'Sky Runner'],
    ['/player/gem-garden', 'Gem Garden'],
    ['/player/gem-garden/iframe/ok', 'Gem Garden'],
  ] as const) {
    it(`${route} plays ${name}`, async () => {
      const { page } = await session.open(route);
      await page.waitForFunction((title) => document.title.startsWith(title), name);
      await page.getByText(name).first().waitFor();
      expect(path(page)).toBe(route);
    });
  }

  it('an unknown game is named to the player where they are, with the way to all games', async () => {
    const { page, problems } = await session.open('/play/no-such-game');
    problems.allow(HTTP_ERROR_LINE(404));
    await heading(page, en.player.notFoundTitle).waitFor();
    expect(await page.getByTestId('game-not-found').textContent()).toBe(
      fill(en.player.notFound, { game: 'no-such-game' }),
    );
    // No status line or API address: those are for the error page of a failure the player cannot fix.
    expect(await page.locator('main').textContent()).not.toMatch(/404|\/api\//);
    expect(path(page)).toBe('/play/no-such-game');
    await page.getByRole('link', { name: en.player.browseGames }).click();
    await heading(page, en.landing.title).waitFor();
  });

  it('a game not published on the platform leads to /error with what failed', async () => {
    const { page, problems } = await session.open('/play/sky-runner/iframe/kg');
    problems.allow(HTTP_ERROR_LINE(404));
    await page.waitForURL('**/error');
    await page.getByText(fill(en.errors.gameNotOnPlatform, { Game: 'sky-runner' })).waitFor();
    expect(await page.getByTestId('error-status').textContent()).toContain('404');
  });
});

describe('sign-in links', () => {
  // These pages sign the visitor in; with a bad token they may send them to /Error instead.
  for (const route of [
    '/LoginWithTempToken?token=not-a-real-token',
    '/LoginValidateEmail?inviteToken=not-a-real-invite',
    '/LoginFromGame/sky-runner/not-a-real-token',
  ]) {
    it(`${route.split('?')[0]} renders a page`, () => expectRefusedLinkPage(session, route));
  }
});

describe('store and payment pages', () => {
  for (const [route, title] of [
    ['/Store/sky-runner', en.store.storeTitle],
    ['/Store/ContinueWithPI', en.store.continueTitle],
    ['/Store/Return/42', en.store.returnTitle],
    ['/Store/MerchantPaymentCompleted/merchant-token-1', en.store.merchantTitle],
  ] as const) {
    it(`${route} shows "${title}"`, async () => {
      const { page } = await session.open(route);
      await heading(page, title).waitFor();
      expect(path(page)).toBe(route);
    });
  }

  it('/{token} with an unknown token says the link is unknown or used', async () => {
    const { page, problems } = await session.open('/sbx_0123456789abcdef0123456789abcdef');
    problems.allow(HTTP_ERROR_LINE(404));
    await heading(page, en.store.paymentFormTitle).waitFor();
    await page.getByText(en.store.paymentFormInvalid).waitFor();
    expect(path(page)).toBe('/sbx_0123456789abcdef0123456789abcdef');
  });

  it('the store names the game and leads back to it', async () => {
    const { page } = await session.open('/Store/sky-runner');
    await page.getByText(fill(en.store.storeIntro, { game: 'Sky Runner' })).waitFor();
    await page.getByRole('link', { name: en.common.play }).click();
    await page.waitForURL('**/play/sky-runner');
  });

  it('the payment return page names the order', async () => {
    const { page } = await session.open('/Store/Return/42');
    await page.getByText(fill(en.store.returnOrder, { id: '42' })).waitFor();
  });
});

describe('documents', () => {
  for (const [route, title, text] of [
    ['/Docs/tos', 'Terms of Service', 'Sky Runner and the fxid portal'],
    ['/Docs/pp', 'Privacy Policy', 'We collect the email you sign in with'],
    ['/Docs/gem-garden/fxid/tos', 'Terms of Service', 'By playing Gem Garden'],
    ['/Docs/gem-garden/ok/pp', 'Privacy Policy', 'Gem Garden stores your level progress'],
    ['/Docs/tos?game=gem-garden', 'Terms of Service', 'By playing Gem Garden'],
    ['/sky-runner/documents/102/view', 'Privacy Policy', 'We collect the email you sign in with'],
    ['/gem-garden/documents/201/view', 'Terms of Service', 'By playing Gem Garden'],
  ] as const) {
    it(`${route} shows the ${title}`, async () => {
      const { page } = await session.open(route);
      await heading(page, title).waitFor();
      await page.getByText(text).waitFor();
      await page.getByRole('button', { name: en.common.print }).waitFor();
    });
  }

  it('an unknown document says so', async () => {
    const { page } = await session.open('/Docs/eula');
    await heading(page, en.docs.notFound).waitFor();
  });

  it('an unknown document id says so', async () => {
    const { page } = await session.open('/sky-runner/documents/999/view');
    await page.getByText(en.docs.notFound).waitFor();
  });
});

describe('docs files', () => {
  for (const [route, title, text] of [
    ['/docs/fxid/en/faq.html', 'Frequently asked questions', 'Do I need to install anything?'],
    ['/docs/ok/ru/faq.html', 'Частые вопросы', 'Нужно ли что-то устанавливать?'],
    ['/docs/yandex/en/tos.txt', 'Terms of Service', 'Sky Runner and the fxid portal'],
    ['/docs/ok/ru/tos.txt', 'Пользовательское соглашение', 'Небесный бегун'],
    ['/docs/fxid/en/pp.txt', 'Privacy Policy', 'We collect the email you sign in with'],
  ] as const) {
    it(`${route} shows "${title}"`, async () => {
      const { page } = await session.open(route);
      await heading(page, title).waitFor();
      await page.getByText(text).first().waitFor();
    });
  }

  it('FAQ answers open on click', async () => {
    const { page } = await session.open('/docs/fxid/en/faq.html');
    const answer = page.getByText('No. Every game runs in your browser.', { exact: false });
    expect(await answer.isVisible()).toBe(false);
    await page.getByText('Do I need to install anything?').click();
    await answer.waitFor();
  });

  it('/docs/{game}/{adapter}/contacts shows the legal contacts', async () => {
    const { page } = await session.open('/docs/sky-runner/fxid/contacts');
    await heading(page, en.docs.contacts).waitFor();
    await page.getByText('Foxhound Interactive Ltd., 12 Harbour Street').waitFor();
  });

  for (const route of ['/docs/vkcom/en/faq.html', '/docs/fxid/de/tos.txt', '/docs/fxid/en/eula.txt']) {
    it(`${route} is not a docs file and goes to /`, async () => {
      const { page } = await session.open(route);
      await heading(page, en.landing.title).waitFor();
      expect(path(page)).toBe('/');
    });
  }
});

describe('error page', () => {
  it('/error without details shows the fallback text', async () => {
    const { page } = await session.open('/error');
    await heading(page, en.errorPage.title).waitFor();
    await page.getByText(en.errorPage.fallback).waitFor();
    expect(await page.getByRole('button', { name: en.errorPage.showDetails }).count()).toBe(0);
  });

  for (const [code, message] of [
    ['errors.already_connected', en.errors.alreadyConnected],
    ['errors.connected_to_another_account', en.errors.connectedToAnotherAccount],
    ['errors.game_not_connected', en.errors.gameNotConnected],
    ['something-else', en.error],
  ] as const) {
    it(`/Error?inviteErrorCode=${code} explains it`, async () => {
      const { page } = await session.open(`/Error?inviteErrorCode=${code}`);
      await page.getByTestId('error-message').filter({ hasText: message }).waitFor();
    });
  }
});

describe('profile, discord and unknown paths', () => {
  it('/Profile asks a visitor to log in, on /', async () => {
    const { page } = await session.open('/Profile');
    await page.getByText(en.profile.loginRequired).waitFor();
    await page.getByText(en.profile.returnAfter).waitFor();
    expect(path(page)).toBe('/');
    await heading(page, en.landing.title).waitFor();
  });

  it('/Profile shows the profile to a signed-in player', async () => {
    const player = await signInByEmail(portalUrl());
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.openIn(context, '/Profile');
    await page.getByTestId('profile').getByText(player.email).first().waitFor();
    expect(path(page)).toBe('/Profile');
  });

  it("/discord-qr shows the game's Discord QR code", async () => {
    const { page } = await session.open('/discord-qr?game=gem-garden');
    await heading(page, en.discord.title).waitFor();
    const qr = page.getByRole('img', { name: en.discord.qrAlt });
    await expect.poll(() => qr.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await qr.getAttribute('src')).toMatch(/(^|\/)catalog\/gem-garden\/discord-qr\.svg$/);
    await page.getByRole('button', { name: en.common.download }).waitFor();
  });

  it('/discord-qr shows nothing for a game without a Discord QR code', async () => {
    const { page } = await session.open('/discord-qr?game=sky-runner');
    await page.getByRole('banner').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('img', { name: en.discord.qrAlt }).count()).toBe(0);
    expect(path(page)).toBe('/discord-qr?game=sky-runner');
  });

  for (const route of ['/no/such/page', '/nope', '/Store', '/play', '/docs/fxid/en']) {
    it(`${route} redirects to /`, async () => {
      const { page } = await session.open(route);
      await heading(page, en.landing.title).waitFor();
      expect(path(page)).toBe('/');
    });
  }
});

describe('languages', () => {
  // Each test in a profile of its own: the chosen language is remembered in storage.
  it('every portal locale renders the landing in its language and direction', async () => {
    const { page } = await session.tab(await session.freshContext());
    for (const locale of LOCALES) {
      const messages = await localeMessages(locale);
      await page.goto(`?lng=${locale}`);
      await heading(page, messages.landing.title).waitFor();
      const root = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        dir: document.documentElement.dir,
      }));
      expect(root, locale).toEqual({ lang: locale, dir: locale === 'fa' ? 'rtl' : 'ltr' });
    }
  });

  it('a browser set to a regional variant (fa-IR, de-DE) gets that language', async () => {
    for (const [browserLocale, locale] of [
      ['fa-IR', 'fa'],
      ['de-DE', 'de'],
    ] as const) {
      const messages = await localeMessages(locale);
      const { page } = await session.openIn(await session.freshContext({ locale: browserLocale }), '/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const root = await page.evaluate(() => document.documentElement.lang);
      expect(root, `the portal in a ${browserLocale} browser`).toBe(locale);
      await heading(page, messages.landing.title).waitFor();
    }
  });

  it('the language picker switches to Persian, right to left, and back; the choice is kept', async () => {
    const fa = await localeMessages('fa');
    const de = await localeMessages('de');
    const { page } = await session.openIn(await session.freshContext(), '/');
    await heading(page, en.landing.title).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');

    await page.getByRole('combobox', { name: en.header.language }).selectOption('fa');
    await heading(page, fa.landing.title).waitFor();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'fa');
    // Right to left for real: the header's first item now sits at the right edge.
    const banner = await page.getByRole('banner').boundingBox();
    const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
    expect(banner && logo && logo.x + logo.width > banner.x + banner.width / 2).toBe(true);

    await page.reload();
    await heading(page, fa.landing.title).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

    await page.getByRole('combobox', { name: fa.header.language }).selectOption('de');
    await heading(page, de.landing.title).waitFor();
    await page.waitForFunction(() => document.documentElement.dir === 'ltr' && document.documentElement.lang === 'de');
  });
});

describe('the smallest phones', () => {
  // 360 px is the narrowest phone the portal is laid out for: nothing may scroll sideways.
  for (const [route, ready] of [
    ['/', en.landing.title],
    ['/play/sky-runner', /Sky Runner/],
    ['/Store/sky-runner', en.store.storeTitle],
    ['/Docs/tos', 'Terms of Service'],
    ['/error', en.errorPage.title],
  ] as const) {
    it(`${route} fits 360 px without scrolling sideways`, async () => {
      const phone = await session.freshContext({ viewport: { width: 360, height: 740 } });
      const { page } = await session.openIn(phone, route);
      if (typeof ready === 'string') await heading(page, ready).waitFor();
      else await page.getByRole('region', { name: ready }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }
});

describe('accessibility', () => {
  // axe-core over the main pages: serious and critical violations fail the test.
  for (const [route, ready] of [
    ['/', en.landing.title],
    ['/play/sky-runner', /Sky Runner/],
    ['/Store/sky-runner', en.store.storeTitle],
    ['/Docs/tos', 'Terms of Service'],
    ['/docs/fxid/en/faq.html', 'Frequently asked questions'],
    ['/error', en.errorPage.title],
  ] as const) {
    it(`${route} has no serious accessibility violations`, async () => {
      const { page } = await session.open(route);
      if (typeof ready === 'string') await heading(page, ready).waitFor();
      else await page.getByRole('region', { name: ready }).waitFor();
      expect(seriousViolations(await axeScan(page))).toEqual([]);
    });
  }

  // Fourteen page loads and scans: on a slow machine more than one flow's 30 s.
  it('the landing has no serious accessibility violations in any locale (fa right to left)', async () => {
    const { page } = await session.tab(await session.freshContext());
    const found: Record<string, string[]> = {};
    for (const locale of LOCALES) {
      const messages = await localeMessages(locale);
      await page.goto(`?lng=${locale}`);
      await heading(page, messages.landing.title).waitFor();
      const serious = seriousViolations(await axeScan(page));
      if (serious.length > 0)
        found[locale] = serious.flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node}`));
    }
    expect(found).toEqual({});
  }, 120_000);
});
