import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine, logLines } from '../harness/game';
import { localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on VK, offline: /dev/hosts plays vk.com around the portal's player (signed
// launch parameters, the @vkontakte/vk-bridge wire protocol, VK's dialogs) and, on Pay,
// posts VK's signed payment notifications to our callback, as VK would.
const session = browserSession(portalUrl);
const GAME = 'sky-runner';

interface VkRun {
  page: Page;
  /** The portal in VK's app frame. */
  portal: FrameLocator;
  /** The demo game inside the portal. */
  game: FrameLocator;
}

/** Opens the simulated VK host for a new VK user and waits until the game runs (terms accepted on the way). */
async function openOnVk(page: Page): Promise<VkRun> {
  await page.goto(`dev/hosts?platform=vkcom&game=${GAME}&user=new`);
  const portal = page.frameLocator('[data-testid="host-app-frame"]');
  const game = portal.frameLocator('[data-testid="game-frame"]');
  const ready = logLine(game, 'call loadingReady ok');
  // A new account accepts the game's terms in the portal (in VK's language, Russian) before the game loads.
  const ru = await localeMessages('ru');
  const accept = portal.getByRole('button', { name: ru.documents.accept, exact: true });
  for (;;) {
    await Promise.race([ready.waitFor(), accept.waitFor()]);
    if (await ready.isVisible()) break;
    // The button may go between the check and the click (the modal closing after the last
    // document, or the next document opening): then look again rather than wait on it.
    await accept.click({ timeout: 2_000 }).catch(() => undefined);
  }
  return { page, portal, game };
}

/** VK's dialog in the host page, answered with one of its buttons. */
async function answerHost(page: Page, title: string, choice: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: choice, exact: true }).click();
}

async function portalToken(portal: FrameLocator): Promise<string> {
  const token = await portal.locator('html').evaluate(() => localStorage.getItem('AuthToken'));
  if (!token) throw new Error('the portal in the VK frame has no session');
  return token;
}

async function api(path: string, token: string, body: unknown = {}) {
  const response = await fetch(new URL(`api/v1/${path}`, portalUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return response.json();
}

const count = async (game: FrameLocator, line: string) => (await logLines(game)).filter((l) => l === line).length;

describe('the demo game on the simulated VK host', () => {
  it('signs in as the VK user without any email, reads social info, gets a rewarded ad and buys once', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnVk(page);

    // Signed in by VK's launch parameters alone: a VK identity, no email.
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, vkId = '', name = ''] = /VK user (\d+) \(([^)]+)\)/.exec(who) ?? [];
    const token = await portalToken(portal);
    const profile = await api('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'VkontakteCom', Id: vkId });

    // The game reads its social info from the VK adapter: the platform, VK's name for the player.
    await game.getByTestId('platform').filter({ hasText: 'platform: VkontakteCom' }).waitFor();
    await game.getByTestId('player-name').filter({ hasText: name }).waitFor();
    await logLine(game, 'call getInfo ok').first().waitFor();

    // A rewarded ad through VKWebAppShowNativeAds, watched to the end.
    await game.getByTestId('ad-video').click();
    await answerHost(page, 'Ad: Rewarded video', 'Finished');
    await logLine(game, 'call ads.showVideo ok').waitFor();
    expect(await logLine(game, 'call ads.showVideo ok').locator('.detail').textContent()).toContain('Finished');
    await logLine(game, 'event ad').waitFor();

    // VK's order box, paid: our server is told by VK's signed callback, the game receives it once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK order box', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    const bought = await api('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(bought.Products.find((product: { Sku: string }) => product.Sku === 'stars_100')).toMatchObject({ Count: 1 });
    expect(await count(game, 'call consumePurchase ok')).toBe(1);
  }, 120_000);

  it('a cancelled order box is UserCancelled and a failed one is not completed; nothing is bought', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnVk(page);
    const token = await portalToken(portal);

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK order box', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK order box', 'Error');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();

    const bought = await api('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(bought.Products.find((product: { Sku: string }) => product.Sku === 'stars_100')).toMatchObject({ Count: 0 });
    expect(await count(game, 'call consumePurchase ok')).toBe(0);
  }, 120_000);
});
