import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en, fill } from '../harness/messages';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';
import { portalUrl } from '../harness/sites';

// The player, measured on element boxes: the rotate prompt only on touch devices
// held the wrong way, no sideways scrolling (toolbar, Terms and Report modals) on phones
// signed in or not, and on a laptop the largest game area the viewport holds.
const session = browserSession(portalUrl);

const VIEWPORTS = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

/** A phone as Chromium emulates one: touch, coarse pointer, and the page's meta viewport honoured. */
const PHONE = { isMobile: true, hasTouch: true } as const;

let player: SignedIn;
beforeAll(async () => {
  player = await signInByEmail(portalUrl());
  // Gem Garden's terms are due first; the accept modal is tested in documents-and-support.test.ts.
  await acceptDueDocuments(portalUrl(), player.token, 'gem-garden');
  await acceptDueDocuments(portalUrl(), player.token, 'sky-runner');
});

/** `/play/{game}` in a fresh profile, once the game reported loading ready and the loader went. */
async function openPlayer(game: string, options: BrowserContextOptions, signedIn = false): Promise<Page> {
  const context = await session.freshContext(options);
  if (signedIn) await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  const { page } = await session.openIn(context, `/play/${game}`);
  await logLine(gameFrame(page), 'call loadingReady ok').waitFor();
  await page.getByTestId('game-loader').waitFor({ state: 'detached' });
  return page;
}

/** The boxes that decide the layout: the site header, the game frame, the page's width. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no ${selector}`);
      const { top, bottom, left, right, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, height };
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      header: box('header'),
      frame: box('[data-testid="game-frame"]'),
      toolbar: box('main section h1'),
    };
  });
}

/** How far the demo game's board reaches below the bottom of its frame (> 0: the frame must be scrolled). */
function boardOverflow(page: Page) {
  return gameFrame(page)
    .locator('.stage')
    .evaluate((stage) => stage.getBoundingClientRect().bottom - document.documentElement.clientHeight);
}

const rotatePrompt = (page: Page, name: string) => page.getByText(fill(en.player.rotate, { name }));

describe('the player page', () => {
  for (const { width, height } of VIEWPORTS) {
    for (const signedIn of [false, true]) {
      it(`at ${width}×${height}, ${signedIn ? 'signed in' : 'a visitor'}: no sideways scroll, the whole game in sight`, async () => {
        const options = width < 640 ? { ...PHONE, viewport: { width, height } } : { viewport: { width, height } };
        const page = await openPlayer('gem-garden', options, signedIn);
        await saveScreenshot(page, `player-gem-garden-${width}x${height}-${signedIn ? 'signed-in' : 'visitor'}`);
        const layout = await measure(page);
        expect(layout.scrollWidth).toBeLessThanOrEqual(width);
        expect(layout.frame.left).toBeGreaterThanOrEqual(0);
        expect(layout.frame.right).toBeLessThanOrEqual(width);
        expect(layout.frame.top).toBeGreaterThanOrEqual(layout.header.bottom);
        expect(layout.frame.bottom).toBeLessThanOrEqual(height);
      });
    }
  }

  it('on a 390×844 phone a game played across starts right under its toolbar, the rotate prompt below it', async () => {
    // Sky Runner is wider than the upright screen's shape: the frame is as wide as the screen and
    // less high than the room left, and it once sat centred in that room, below an empty band.
    const page = await openPlayer('sky-runner', { ...PHONE, viewport: { width: 390, height: 844 } });
    await saveScreenshot(page, 'player-sky-runner-390x844-visitor');
    const layout = await measure(page);
    expect(layout.scrollWidth).toBeLessThanOrEqual(390);
    expect(layout.frame.right).toBeLessThanOrEqual(390);
    expect(layout.frame.top - layout.toolbar.bottom).toBeLessThanOrEqual(16);
    const prompt = await rotatePrompt(page, 'Sky Runner').evaluate((element) => element.getBoundingClientRect().top);
    expect(prompt).toBeGreaterThanOrEqual(layout.frame.bottom);
    expect(prompt).toBeLessThanOrEqual(layout.frame.bottom + 16);
  });

  it('at 1366×768 the game gets the height between the site header and the bottom of the screen', async () => {
    const page = await openPlayer('gem-garden', { viewport: { width: 1366, height: 768 } });
    const { header, frame } = await measure(page);
    // Gem Garden's maintenance banner sits in the title row, not on a row of its own.
    expect(frame.top - header.bottom).toBeLessThanOrEqual(80);
    expect(768 - frame.bottom).toBeLessThanOrEqual(16);
    expect(frame.height).toBeGreaterThanOrEqual(600);
    // The board is seen whole without scrolling inside the game's frame.
    expect(await boardOverflow(page)).toBeLessThanOrEqual(0);
  });

  for (const { width, height } of VIEWPORTS.filter((viewport) => viewport.width < 640)) {
    it(`on a ${width}×${height} phone, signed in, the Terms and Report modals fit the screen`, async () => {
      const page = await openPlayer('gem-garden', { ...PHONE, viewport: { width, height } }, true);
      const frame = gameFrame(page);
      await frame.locator('details').evaluateAll((sections) => {
        for (const section of sections) (section as HTMLDetailsElement).open = true;
      });
      for (const [button, title] of [
        ['documents', en.docs.tos],
        ['support', en.support.title],
      ] as const) {
        await frame.locator(`button[data-testid="${button}"]`).click();
        const dialog = page.getByRole('dialog', { name: title });
        await dialog.waitFor();
        const box = await dialog.evaluate((panel) => {
          const { left, right } = panel.getBoundingClientRect();
          return { left, right };
        });
        expect(box.left, title).toBeGreaterThanOrEqual(0);
        expect(box.right, title).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    });
  }
});

describe('the rotate prompt', () => {
  it('does not show on a 1366×768 laptop, in the page or in full screen', async () => {
    const page = await openPlayer('gem-garden', { viewport: { width: 1366, height: 768 } });
    expect(await rotatePrompt(page, 'Gem Garden').count()).toBe(0);
    await page.getByRole('button', { name: en.common.fullScreen }).click();
    await page.waitForFunction(() => document.fullscreenElement !== null);
    await page.getByRole('button', { name: en.common.exitFullScreen }).waitFor();
    expect(await rotatePrompt(page, 'Gem Garden').count()).toBe(0);
  });

  it('shows on a phone held the other way from the game, and only then', async () => {
    // Sky Runner is played across, Gem Garden upright.
    const upright = { ...PHONE, viewport: { width: 390, height: 844 } };
    await rotatePrompt(await openPlayer('sky-runner', upright), 'Sky Runner').waitFor();
    expect(await rotatePrompt(await openPlayer('gem-garden', upright), 'Gem Garden').count()).toBe(0);
    const across = { ...PHONE, viewport: { width: 844, height: 390 } };
    await rotatePrompt(await openPlayer('gem-garden', across), 'Gem Garden').waitFor();
  });
});
