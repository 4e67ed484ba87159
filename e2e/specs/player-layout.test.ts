import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en, fill } from '../harness/messages';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';
import { portalUrl } from '../harness/sites';

// Issue 15 item 6: the rotate prompt only on touch devices held the wrong way.
const session = browserSession(portalUrl);

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

const rotatePrompt = (page: Page, name: string) => page.getByText(fill(en.player.rotate, { name }));

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
