import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import {
  answerHost,
  countLines,
  hostedGame,
  openOnHost,
  portalApi,
  portalToken,
  productIn,
  sessionIn,
} from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on VK Play, offline: /dev/hosts plays VK Play around the portal's player. The portal
// loads the mailru.core.js stand-in the simulator serves (never vkplay.ru), which asks the host page
// for VK Play's login status, its login dialog, the payment window and ads; on Pay the host has the
// server send VK Play's payment notification, signed with the game's dev VK Play secret, to our route
// before the window reports the payment.
// Tall enough for the whole host frame (the simulator's controls sit above it).
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

/** The VK Play user the host page says plays, once it names one. */
async function vkPlayUser(page: Page): Promise<string> {
  await page
    .getByTestId('host-user')
    .getByText(/VK Play user \d+/)
    .waitFor();
  const [, uid = ''] = /VK Play user (\d+)/.exec((await page.getByTestId('host-user').textContent()) ?? '') ?? [];
  return uid;
}

describe('the demo game on the simulated VK Play host', () => {
  it('signs in by the launch parameters with no email, shows an ad, buys once in RUB, a cancelled or failed payment buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'vkplay', GAME, 'new');

    // Signed in by VK Play's signed launch parameters alone: a VkontaktePlay identity, no email.
    const uid = await vkPlayUser(page);
    const token = await portalToken(portal, 'VK Play');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'VkontaktePlay', Id: uid });
    await game.getByTestId('platform').filter({ hasText: 'platform: VkontaktePlay' }).waitFor();
    // The nick VK Play's userProfile gave reaches the game.
    await game
      .getByTestId('player-name')
      .filter({ hasText: `Player ${uid.slice(-4)}` })
      .waitFor();

    // VK Play's rewarded video watched to the end.
    await game.getByTestId('ad-video').click();
    await answerHost(page, 'VK Play ad', 'Watch to the end');
    await logLine(game, 'call ads.showVideo ok').waitFor();
    expect(await logLine(game, 'call ads.showVideo ok').locator('.detail').textContent()).toContain('Finished');

    // VK Play's payment window, paid in roubles: its signed notification pays the order, the game gets it once.
    await game.getByTestId('buy-stars_100').click();
    const payment = page.getByRole('dialog', { name: 'VK Play payment' });
    await payment.getByText('for 79 RUB').waitFor();
    await answerHost(page, 'VK Play payment', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
    await page
      .getByTestId('host-log')
      .getByText(/payment notification \d+ → \{"status":"ok"\}/)
      .waitFor();

    // Closed without paying: UserCancelled, nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK Play payment', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    // VK Play reporting a failed payment: payment_not_completed, nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK Play payment', 'Error');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
  }, 120_000);

  it('a guest plays, declining VK Play login cannot buy, logging in reloads the game signed in and buying works', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'vkplay', GAME, 'guest');
    expect(await page.getByTestId('host-user').textContent()).toContain('VK Play guest (login status 0)');
    expect(await sessionIn(portal)).toBeNull();

    // Login status 0: buying asks for VK Play's login; declining leaves a guest who cannot buy.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK Play login', 'Cancel');
    await logLine(game, 'call buyProduct error guest').waitFor();
    expect(
      await page
        .getByTestId('host-log')
        .getByText(/→ paymentFrame /)
        .count(),
    ).toBe(0);
    expect(await sessionIn(portal)).toBeNull();

    // Logging in: VK Play reloads the game with the registered player's parameters, who is signed in.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK Play login', 'Log in');
    const uid = await vkPlayUser(page);
    const portalFrame = page.frameLocator('[data-testid="host-app-frame"]');
    await expect.poll(() => portalFrame.locator('html').evaluate(() => location.search)).toContain(`uid=${uid}`);
    const { portal: reloaded, game: again } = await hostedGame(page);
    await expect.poll(() => sessionIn(reloaded)).not.toBeNull();
    const token = (await sessionIn(reloaded)) ?? '';
    expect((await portalApi('profile', token)).SocialIdentifiers).toContainEqual({ Type: 'VkontaktePlay', Id: uid });
    await again.getByTestId('buy-stars_100').click();
    await answerHost(page, 'VK Play payment', 'Pay');
    await logLine(again, 'call buyProduct ok').waitFor();
    expect(productIn(await portalApi('store/check-buy-products', token, { Game: GAME }), 'stars_100')).toMatchObject({
      Count: 1,
    });
  }, 120_000);
});
