import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, isSameGame, logLine, logLines, markGame } from '../harness/game';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';
import { portalUrl } from '../harness/sites';

// The demo game in the player of the multi-game portal: the SDK handshake, calls that
// come back, and events from the portal, read from the game's own log panel.
const session = browserSession(portalUrl);

/** What the demo game's connect() logs, in order, once the portal answered every call. */
const HANDSHAKE = [
  /^init ok$/,
  /^call getInfo ok$/,
  /^call storeFront ok$/,
  /^call storage\.get ok$/,
  /^call stat\.initialize ok$/,
  /^call loadingReady ok$/,
];

/** Hides or shows the tab as the browser does (headless Chromium never hides a tab by itself). */
async function setTabHidden(page: Page, hidden: boolean) {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (value ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

async function waitForReadyGame(page: Page) {
  const frame = gameFrame(page);
  await logLine(frame, 'call loadingReady ok').waitFor();
  // The branded loader stays over the game until loadingReady, then goes.
  await page.getByTestId('game-loader').waitFor({ state: 'detached' });
  return frame;
}

describe('a visitor plays Sky Runner', () => {
  it('the loader shows, then the game connects and reports ready', async () => {
    const { page } = await session.tab();
    // The loader may come and go between two polls: a watcher in the page notes that it was there.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="game-loader"]')) return;
        (window as { loaderSeen?: boolean }).loaderSeen = true;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('play/sky-runner');
    const frame = await waitForReadyGame(page);
    expect(await page.evaluate(() => (window as { loaderSeen?: boolean }).loaderSeen)).toBe(true);
    expect(await logLines(frame)).toEqual(HANDSHAKE.map((pattern) => expect.stringMatching(pattern)));
    await frame.getByTestId('player-name').filter({ hasText: 'Guest' }).waitFor();
    expect(await frame.getByTestId('user-id').count()).toBe(0);
    await frame.getByTestId('platform').filter({ hasText: 'platform: FxId' }).waitFor();
    await saveScreenshot(page, 'player-sky-runner-desktop');
  });

  it("the game's frame asks only for features Chromium knows, without conflicting attributes", async () => {
    const { page } = await session.tab();
    // Chromium warns (not errs) about a frame's permissions policy: the harness does not record warnings.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('play/gem-garden');
    await waitForReadyGame(page);
    expect(warnings.filter((line) => /feature|allowfullscreen|allow attribute/i.test(line))).toEqual([]);
    // Full screen is still allowed, through the allow attribute alone.
    const allow = await page.getByTestId('game-frame').getAttribute('allow');
    expect(allow?.split(';').map((feature) => feature.trim())).toContain('fullscreen');
    expect(await page.getByTestId('game-frame').getAttribute('allowfullscreen')).toBeNull();
  });

  it('SDK calls come back with results and stable error codes', async () => {
    const { page } = await session.open('/play/sky-runner');
    const frame = await waitForReadyGame(page);
    await frame.getByTestId('ad-video').click();
    await logLine(frame, 'call ads.showVideo error not_available').waitFor();
    await frame.getByText('Tools').click();
    await frame.getByTestId('hash-get').click();
    await logLine(frame, 'call urlHash.get ok').waitFor();
  });

  it('the channel: one port per game, and an unknown method gets an error answer', async () => {
    const { page, problems } = await session.tab();
    // Keeps a handle on the private port the portal hands the game (in the game's frame only).
    await page.addInitScript(() => {
      if (window === window.top) return;
      window.addEventListener(
        'message',
        (event) => {
          if ((event.data as { type?: string })?.type === 'fxid:port' && event.ports[0]) {
            (window as { gamePort?: MessagePort }).gamePort = event.ports[0];
          }
        },
        true,
      );
    });
    await page.goto('play/sky-runner');
    const frame = await waitForReadyGame(page);
    const answers = await frame.locator('html').evaluate(async () => {
      const port = (window as { gamePort?: MessagePort }).gamePort;
      if (!port) throw new Error('the game never received a port');
      // A second handshake: the portal warns and transfers nothing.
      const secondPort = new Promise<number>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          if ((event.data as { type?: string })?.type === 'fxid:port') resolve(event.ports.length);
        };
        window.addEventListener('message', onMessage);
        setTimeout(() => resolve(0), 1500);
      });
      window.parent.postMessage({ type: 'fxid:handshake', version: 1 }, window.location.origin);
      // A request for a method the portal does not have, on the real channel.
      const reply = new Promise<unknown>((resolve) => {
        port.addEventListener('message', (event) => {
          if ((event.data as { id?: number })?.id === 987654) resolve(event.data);
        });
        setTimeout(() => resolve('no answer'), 3000);
      });
      port.postMessage({ id: 987654, method: 'no.such.method', params: {} });
      return { secondPort: await secondPort, reply: await reply };
    });
    expect(answers.secondPort).toBe(0);
    expect(answers.reply).toMatchObject({ id: 987654, error: { code: 'method_not_found' } });
    // The portal's own warning about the repeated handshake is expected here.
    problems.allow(/handshake/i);
  });

  it('every button of the demo game gets an answer or a stable error code from the portal', async () => {
    // Its own profile: the language button switches the portal's language.
    const { page } = await session.openIn(await session.freshContext(), '/play/sky-runner');
    const frame = await waitForReadyGame(page);
    await frame.locator('details').evaluateAll((sections) => {
      for (const section of sections) (section as HTMLDetailsElement).open = true;
    });
    // Button → the SDK calls it makes; buttons that open a portal modal close it again.
    const calls: [testId: string, methods: string[], closesModal?: boolean][] = [
      ['ad-interstitial', ['ads.showInterstitial']],
      ['banner-show', ['ads.showStickyBanner']],
      ['banner-hide', ['ads.hideStickyBanner']],
      ['consent', ['consentStatus']],
      ['push', ['push.register']],
      // A visitor is asked to sign in first; closing the login answers guest.
      ['support', ['createSupportRequest'], true],
      ['friends', ['friends.get']],
      ['invite', ['friends.invite']],
      ['community', ['friends.joinCommunity']],
      ['favourites', ['friends.addToFavourites']],
      ['set-status', ['setStatus']],
      ['hash-set', ['urlHash.set']],
      ['hash-get', ['urlHash.get']],
      ['review-info', ['review.info']],
      ['review', ['review.canReview']],
      ['words-filter', ['wordsFilter']],
      ['copy-score', ['clipboard.save']],
      ['share', ['linkShare'], true],
      ['documents', ['documents'], true],
      ['sign-in', ['authenticateUser'], true],
      // Last: the game redraws its panel in the new language.
      ['language', ['changeLanguage']],
    ];
    const answered = /^call \S+ (ok|error [a-z_]+)$/;
    for (const [testId, methods, closesModal] of calls) {
      await frame.locator(`button[data-testid="${testId}"]`).click();
      if (closesModal) {
        await page.getByRole('dialog').waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      for (const method of methods) {
        const line = frame.locator(`[data-testid="log-entry"][data-line^="call ${method} "]`).first();
        await line.waitFor();
        expect(await line.getAttribute('data-line'), testId).toMatch(answered);
      }
    }
  });

  it('hiding and showing the tab pauses and resumes the game', async () => {
    const { page } = await session.open('/play/sky-runner');
    const frame = await waitForReadyGame(page);
    await setTabHidden(page, true);
    await logLine(frame, 'event pause').waitFor();
    await setTabHidden(page, false);
    await logLine(frame, 'event resume').waitFor();
    const lines = await logLines(frame);
    expect(lines.indexOf('event pause')).toBeLessThan(lines.indexOf('event resume'));
  });

  it('switching the portal language tells the running game, without reloading it', async () => {
    // A profile of its own: the chosen language is remembered in storage.
    const { page } = await session.openIn(await session.freshContext(), '/play/sky-runner');
    const frame = await waitForReadyGame(page);
    await markGame(frame);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await logLine(frame, 'event languageChange').waitFor();
    await frame.getByTestId('language').filter({ hasText: 'lang: ru' }).waitFor();
    // The event exists so a game can switch in place; a reload would lose the player's round.
    expect(await isSameGame(frame), 'the game was reloaded').toBe(true);
  });
});

describe('a signed-in player plays Sky Runner', () => {
  it('the game sees the account', async () => {
    const player = await signInByEmail(portalUrl());
    // Sky Runner's terms need acceptance before playing (documents-and-support.test.ts shows the modal).
    expect(await acceptDueDocuments(portalUrl(), player.token, 'sky-runner')).toBe(1);
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.tab(context);
    await page.goto('play/sky-runner');
    const frame = await waitForReadyGame(page);
    await frame
      .getByTestId('user-id')
      .filter({ hasText: `id: ${player.accountId}` })
      .waitFor();
    expect(await frame.getByTestId('player-name').textContent()).not.toBe('Guest');
  });

  it('one language change tells the game once, in the new language', async () => {
    const player = await signInByEmail(portalUrl());
    await acceptDueDocuments(portalUrl(), player.token, 'sky-runner');
    // An account that has a language: the portal applies it, and saves the player's next choice.
    const saveEnglish = await fetch(new URL('api/v1/profile/update', portalUrl()), {
      method: 'POST',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Language: 'en' }),
    });
    expect(saveEnglish.ok).toBe(true);
    const context = await session.freshContext();
    await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
    const { page } = await session.tab(context);
    await page.goto('play/sky-runner');
    const frame = await waitForReadyGame(page);
    // Until the save answers, the account still says English: that must not switch the portal back.
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/profile/update'));
    await page.getByRole('combobox', { name: 'Language' }).selectOption('ru');
    await saved;
    await frame.getByTestId('language').filter({ hasText: 'lang: ru' }).waitFor();
    // Time for any later event to arrive before counting.
    await page.waitForTimeout(1500);
    const events = await frame
      .locator('[data-testid="log-entry"][data-line="event languageChange"]')
      .evaluateAll((items) => items.map((item) => item.textContent ?? ''));
    expect(events).toHaveLength(1);
    expect(events[0]).toContain('"lang":"ru"');
  });

  it('signing in in another tab tells the running game', async () => {
    const context = await session.freshContext();
    const { page } = await session.openIn(context, '/play/sky-runner');
    const frame = await waitForReadyGame(page);
    await frame.getByTestId('player-name').filter({ hasText: 'Guest' }).waitFor();
    await markGame(frame);
    const player = await signInByEmail(portalUrl());
    // What the sign-in page of another tab does once the player followed the mailed link.
    const { page: other } = await session.openIn(context, '/error');
    await other.evaluate((token) => localStorage.setItem('AuthToken', token), player.token);
    await frame
      .getByTestId('user-id')
      .filter({ hasText: `id: ${player.accountId}` })
      .waitFor();
    // Told through accountChanged (then getInfo again), not by a reload that ends the player's round.
    expect(await isSameGame(frame), 'the game was reloaded').toBe(true);
    await logLine(frame, 'event accountChanged').waitFor();
  });
});
