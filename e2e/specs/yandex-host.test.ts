import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, portalToken, productIn, sessionIn } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on Yandex Games, offline: /dev/hosts plays Yandex around the portal's player.
// The portal loads the YaGames stand-in the simulator serves (never Yandex's CDN), which asks
// the host page for the player, the purchase window and the ads; the host has the server sign
// the player and the purchases with the game's dev secret key, as Yandex signs them.
// Tall enough for the whole host frame (the simulator's controls sit above it): the portal's
// fixed dialogs inside the frame cannot be scrolled into view from the host page.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

interface YandexRun {
  page: Page;
  /** The portal in Yandex's game frame. */
  portal: FrameLocator;
  /** The demo game inside the portal. */
  game: FrameLocator;
}

/** Opens the simulated Yandex host for a player and waits until the game runs (terms accepted on the way). */
async function openOnYandex(page: Page, user: 'new' | 'guest'): Promise<YandexRun> {
  return { page, ...(await openOnHost(page, 'yandex', GAME, user)) };
}

describe('the demo game on the simulated Yandex Games host', () => {
  it('signs in with the signed player and no email, gets a rewarded ad, buys once, and a cancelled purchase buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnYandex(page, 'new');

    // Signed in by Yandex's signed player alone: a YandexGames identity, no email.
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, yandexId = '', name = ''] = /Yandex player (\S+) \(([^)]+)\)/.exec(who) ?? [];
    const token = await portalToken(portal, 'Yandex');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'YandexGames', Id: yandexId });
    await game.getByTestId('platform').filter({ hasText: 'platform: YandexGames' }).waitFor();
    await game.getByTestId('player-name').filter({ hasText: name }).waitFor();

    // A rewarded video through ysdk.adv.showRewardedVideo, watched to the end.
    await game.getByTestId('ad-video').click();
    await answerHost(page, 'Ad: Rewarded video', 'Finished');
    await logLine(game, 'call ads.showVideo ok').waitFor();
    expect(await logLine(game, 'call ads.showVideo ok').locator('.detail').textContent()).toContain('Finished');
    await logLine(game, 'event ad').waitFor();

    // Yandex's purchase window, paid: the signed purchase is checked on our server, the game gets it once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Yandex purchase', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
    // The purchase was consumed on Yandex only after our server had it.
    await page
      .getByTestId('host-log')
      .getByText(/→ consumePurchase/)
      .waitFor();

    // Closed without paying: UserCancelled, nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Yandex purchase', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 120_000);

  it('a guest plays, is asked to sign in to Yandex when buying, and declining is told it cannot buy', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnYandex(page, 'guest');
    expect(await page.getByTestId('host-user').textContent()).toContain('Yandex guest');
    expect(await sessionIn(portal)).toBeNull();

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Yandex sign-in', 'Cancel');
    await logLine(game, 'call buyProduct error guest').waitFor();
    // No purchase window was ever opened, and nobody was signed in.
    expect(
      await page
        .getByTestId('host-log')
        .getByText(/→ purchase /)
        .count(),
    ).toBe(0);
    expect(await sessionIn(portal)).toBeNull();
  }, 120_000);

  it('keeps the score in Yandex’s own leaderboard when the catalog says so, and the game’s leaderboard shows that board', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnYandex(page, 'new');
    // A rival already on Yandex's board (the simulated Yandex keeps its boards in its page's storage).
    await page.evaluate(
      (key) =>
        localStorage.setItem(
          key,
          JSON.stringify({
            simRival: { uniqueID: 'simRival', score: 99_999, publicName: 'Rival on Yandex', avatar: '', at: 1 },
          }),
        ),
      `fxid.dev-hosts.yandex.leaderboard.${GAME}.best-score`,
    );
    await game.getByTestId('game-canvas').click();
    await logLine(game, 'call storage.set ok').waitFor();
    await logLine(game, 'call leaderboard.submit ok').waitFor();

    // Yandex's protocol log: the score went through setLeaderboardScore on the board of the catalog's name.
    const sets = await page
      .getByTestId('host-log')
      .locator('li')
      .filter({ hasText: '→ setLeaderboardScore ' })
      .allTextContents();
    expect(sets).toHaveLength(1);
    const set = JSON.parse(sets[0]?.slice(sets[0].indexOf('{')) ?? '{}') as { leaderboardName: string; score: number };
    expect(set.leaderboardName).toBe('best-score');
    // fxid's server keeps no score for this board on Yandex.
    const token = await portalToken(portal, 'Yandex');
    expect(await portalApi('leaderboards/player', token, { Game: GAME, Leaderboard: 'best-score' })).toMatchObject({
      Player: null,
    });

    // The game opens its leaderboard: Yandex's board, the rival first and the player's own row marked.
    await game.getByTestId('leaderboard').click();
    const dialog = portal.getByRole('dialog');
    const rows = dialog.getByTestId('leaderboard-entry');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('Rival on Yandex');
    expect(await rows.first().getByTestId('leaderboard-score').textContent()).toBe('99999');
    const own = dialog.locator('[data-testid="leaderboard-entry"][aria-current="true"]');
    expect(await own.getByTestId('leaderboard-score').textContent()).toBe(String(set.score));
    expect(await page.getByTestId('host-log').getByText('→ getLeaderboardEntries ').count()).toBeGreaterThan(0);
  }, 120_000);

  it('keeps a guest’s progress in Yandex’s player data when the catalog says Host', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnYandex(page, 'guest');
    await game.getByTestId('game-canvas').click();
    await logLine(game, 'call storage.set ok').waitFor();
    // The simulated Yandex's protocol log: the progress went through player.setData, with fxid's version beside it.
    const writes = await page.getByTestId('host-log').locator('li').filter({ hasText: '→ setData ' }).allTextContents();
    const written = writes.map((line) => JSON.parse(line.slice(line.indexOf('{'))) as { data: { progress?: unknown } });
    expect(written.at(-1)?.data.progress).toMatchObject({ v: { rounds: 1 }, n: 1 });
    // Not in the portal's own guest saves.
    expect(
      await portal.locator('html').evaluate((_, key) => localStorage.getItem(key), `fxid.saves.${GAME}`),
    ).toBeNull();
  }, 120_000);
});
