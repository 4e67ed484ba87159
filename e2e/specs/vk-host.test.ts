import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine, logLines } from '../harness/game';
import { answerHost, countLines, portalApi, portalToken } from '../harness/hosts';
import { localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on VK, offline: /dev/hosts plays vk.com around the portal's player (signed
// launch parameters, the @vkontakte/vk-bridge wire protocol, VK's dialogs) and, on Pay,
// posts VK's signed payment notifications to our callback, as VK would.
// Tall enough for the whole host frame (the simulator's controls sit above it): the portal's
// fixed dialogs inside the frame cannot be scrolled into view from the host page.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
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

/** The demo game's saved progress after one round, in English or (VK's language here) Russian. */
const ONE_ROUND = /Saved: 1 rounds|раундов 1,/;

/** How many times the app called a bridge method, by the simulated VK's protocol log. */
const hostCalls = (page: Page, method: string) =>
  page
    .getByTestId('host-log')
    .locator('li')
    .filter({ hasText: `→ ${method} ` })
    .count();

/** Opens the demo game's folded panels (social, tools). */
async function openPanels(game: FrameLocator) {
  await game.locator('details').evaluateAll((sections) => {
    for (const section of sections) (section as HTMLDetailsElement).open = true;
  });
}

/** Presses a shop button the way a game that does not check `owned` would: even when it is disabled. */
async function pressAnyway(game: FrameLocator, testId: string) {
  await game.getByTestId(testId).evaluate((button) => {
    (button as HTMLButtonElement).disabled = false;
    (button as HTMLButtonElement).click();
  });
}

const detailOf = async (game: FrameLocator, line: string) =>
  (await logLine(game, line).first().locator('.detail').textContent()) ?? '';

describe('the demo game on the simulated VK host', () => {
  it('signs in as the VK user without any email, reads social info, gets a rewarded ad and buys once', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnVk(page);

    // Signed in by VK's launch parameters alone: a VK identity, no email.
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, vkId = '', name = ''] = /VK user (\d+) \(([^)]+)\)/.exec(who) ?? [];
    const token = await portalToken(portal, 'VK');
    const profile = await portalApi('profile', token);
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
    const bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(bought.Products.find((product: { Sku: string }) => product.Sku === 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 120_000);

  it('a cancelled order box is UserCancelled and a failed one is not completed; nothing is bought', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnVk(page);
    const token = await portalToken(portal, 'VK');

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK order box', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK order box', 'Error');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();

    const bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(bought.Products.find((product: { Sku: string }) => product.Sku === 'stars_100')).toMatchObject({ Count: 0 });
    expect(await countLines(game, 'call consumePurchase ok')).toBe(0);
  }, 120_000);

  it('friends, invite and share dialogs, an interstitial, the banner, vkBridge.call and pause/resume go through VK', async () => {
    const { page } = await session.tab();
    const { game } = await openOnVk(page);
    await openPanels(game);

    // Friends from VKWebAppGetFriends: the simulated user's two VK friends.
    await game.getByTestId('friends').click();
    await logLine(game, 'call friends.get ok').waitFor();
    expect(await detailOf(game, 'call friends.get ok')).toContain('Olga');
    expect(await hostCalls(page, 'VKWebAppGetFriends')).toBe(1);

    // VK's invite box and share dialog: sent, then closed by the player (cancelled).
    await game.getByTestId('invite').click();
    await answerHost(page, 'Invite friends', 'Invite');
    await logLine(game, 'call friends.invite ok').waitFor();
    await game.getByTestId('invite').click();
    await answerHost(page, 'Invite friends', 'Cancel');
    await logLine(game, 'call friends.invite error cancelled').waitFor();
    await game.getByTestId('share').click();
    await answerHost(page, 'Share', 'Share');
    await logLine(game, 'call linkShare ok').waitFor();
    await game.getByTestId('share').click();
    await answerHost(page, 'Share', 'Cancel');
    await logLine(game, 'call linkShare error cancelled').waitFor();
    expect(await hostCalls(page, 'VKWebAppShowInviteBox')).toBe(2);
    expect(await hostCalls(page, 'VKWebAppShare')).toBe(2);

    // An interstitial through VKWebAppShowNativeAds, also sent as an ad event.
    await game.getByTestId('ad-interstitial').click();
    await answerHost(page, 'Ad: Interstitial', 'Finished');
    await logLine(game, 'call ads.showInterstitial ok').waitFor();
    expect(await detailOf(game, 'call ads.showInterstitial ok')).toContain('Finished');
    await logLine(game, 'event ad').waitFor();
    expect(await detailOf(game, 'event ad')).toContain('interstitial');

    // VK's sticky banner, shown and hidden in the host page.
    const banner = page.getByTestId('host-banner');
    await game.getByTestId('banner-show').click();
    await logLine(game, 'call ads.showStickyBanner ok').waitFor();
    await banner.waitFor({ state: 'visible' });
    expect(await banner.getAttribute('data-location')).toBe('bottom');
    await game.getByTestId('banner-hide').click();
    await logLine(game, 'call ads.hideStickyBanner ok').waitFor();
    await banner.waitFor({ state: 'hidden' });

    // The game's own vk-bridge call, forwarded to VK as it is, with VK's answer back.
    await game.getByTestId('vk-bridge').click();
    await logLine(game, 'call vkBridge.call ok').waitFor();
    expect(await detailOf(game, 'call vkBridge.call ok')).toContain('Olga');
    expect(await hostCalls(page, 'VKWebAppGetFriends')).toBe(2);

    // VK hides and restores the app: the game pauses and resumes.
    await page.getByTestId('host-view-hide').click();
    await logLine(game, 'event pause').waitFor();
    await page.getByTestId('host-view-restore').click();
    await logLine(game, 'event resume').waitFor();
    const lines = await logLines(game);
    expect(lines.lastIndexOf('event pause')).toBeLessThan(lines.lastIndexOf('event resume'));
  }, 120_000);

  it('sells a one-time product once: refused before the order box, refunded from the order log, then on sale again', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnVk(page);
    const token = await portalToken(portal, 'VK');
    const noAds = async () =>
      (await portalApi('store/check-buy-products', token, { Game: GAME, Skus: ['no_ads'] })).Products[0];

    await game.getByTestId('buy-no_ads').click();
    await answerHost(page, 'VK order box', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    // A one-time product stays unconsumed: the game reads it as owned.
    await game.locator('[data-testid="buy-no_ads"][data-owned="true"]').waitFor();
    expect(await noAds()).toMatchObject({ Owned: true, Count: 1 });

    // A game that offers it anyway gets product_already_owned, and VK's order box never opens.
    await pressAnyway(game, 'buy-no_ads');
    await logLine(game, 'call buyProduct error product_already_owned').waitFor();
    expect(await hostCalls(page, 'VKWebAppShowOrderBox')).toBe(1);

    // VK refunds it (the simulator's order log posts VK's signed refund notification).
    const order = page.locator('[data-testid="host-order"][data-item="no_ads"]');
    await order.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.locator('[data-testid="host-order"][data-item="no_ads"][data-status="refunded"]').waitFor();
    expect(await noAds()).toMatchObject({ Owned: false, Count: 0 });

    // No longer owned, it can be bought again.
    await pressAnyway(game, 'buy-no_ads');
    await answerHost(page, 'VK order box', 'Pay');
    await expect.poll(() => countLines(game, 'call buyProduct ok'), { timeout: 30_000 }).toBe(2);
    expect(await noAds()).toMatchObject({ Owned: true, Count: 1 });
  }, 120_000);

  it('saves the game’s progress in VK storage when the catalog says Host, and reads it back after a relaunch', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnVk(page);
    // One round of Sky Runner: a tap starts it, and the glider falls and it ends.
    await game.getByTestId('game-canvas').click();
    await logLine(game, 'call storage.set ok').waitFor();
    await game.getByTestId('cloud-progress').filter({ hasText: ONE_ROUND }).waitFor();

    // VK's protocol log: the progress went through VKWebAppStorageSet as our key, with fxid's version beside it.
    const sets = page.getByTestId('host-log').locator('li').filter({ hasText: '→ VKWebAppStorageSet ' });
    const set = (await sets.allTextContents()).find((line) => line.includes('"key":"s_progress"')) ?? '';
    const props = JSON.parse(set.slice(set.indexOf('{'))) as { key: string; value: string };
    expect(JSON.parse(props.value)).toMatchObject({ v: { rounds: 1 }, n: 1 });
    const reads = await hostCalls(page, 'VKWebAppStorageGet');
    expect(reads).toBeGreaterThan(0);
    // fxid's server keeps nothing for this game's saves on VK.
    expect(
      (await portalApi('storage/get', await portalToken(portal, 'VK'), { Game: GAME, Keys: ['progress'] })).Items,
    ).toEqual([]);

    // The same VK user opens the app again: the progress comes back from VK storage.
    await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('[data-testid="host-app-frame"]');
      frame?.contentWindow?.location.reload();
    });
    await expect.poll(() => hostCalls(page, 'VKWebAppInit'), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => hostCalls(page, 'VKWebAppStorageGet'), { timeout: 30_000 }).toBeGreaterThan(reads);
    await logLine(game, 'call loadingReady ok').waitFor();
    await game.getByTestId('cloud-progress').filter({ hasText: ONE_ROUND }).waitFor();
  }, 120_000);

  it('keeps the score on fxid’s board on VK (the catalog keeps it on the host only on Yandex), and the game shows it', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnVk(page);
    await game.getByTestId('game-canvas').click();
    await logLine(game, 'call leaderboard.submit ok').waitFor();
    const mine = await portalApi('leaderboards/player', await portalToken(portal, 'VK'), {
      Game: GAME,
      Leaderboard: 'best-score',
    });
    expect(mine.Player).toMatchObject({ IsPlayer: true });

    await game.getByTestId('leaderboard').click();
    const dialog = portal.getByRole('dialog');
    const own = dialog.locator('[data-testid="leaderboard-entry"][aria-current="true"]');
    await own.waitFor();
    expect(await own.getByTestId('leaderboard-score').textContent()).toBe(String(mine.Player.Score));
  }, 120_000);
});
