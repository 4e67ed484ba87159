import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, hostedGame, openOnHost, portalApi, productIn, sessionIn } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on Absolute Games, offline: /dev/hosts plays ag.ru around the portal's player and
// answers its agru-* messages. On Pay the host has the server send AG's payment notification, signed
// with the game's dev AG secret, to our notification route before its window reports success.
// Tall enough for the whole host frame: the portal's fixed dialogs inside it cannot be scrolled into view.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

/** The session of the portal inside the host's frame, or null for a guest. */
const tokenIn = (portal: FrameLocator) => sessionIn(portal).catch(() => null);

describe('the demo game on the simulated Absolute Games host', () => {
  it('signs in by the iframe parameters, shows AG campaigns, buys a product received once; cancelled, failed or unknown payments buy nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'ag', GAME, 'new');

    // Signed in by the signed iframe parameters alone: an AbsoluteGames identity, no email.
    const [, agId = ''] = /AG player (\S+)/.exec((await page.getByTestId('host-user').textContent()) ?? '') ?? [];
    const token = await tokenIn(portal);
    if (!token) throw new Error('the portal in the AG frame has no session');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'AbsoluteGames', Id: agId });
    await game.getByTestId('platform').filter({ hasText: 'platform: AbsoluteGames' }).waitFor();

    // AG's rewarded campaign, watched to the end; an interstitial closed early.
    await game.getByTestId('ad-video').click();
    await answerHost(page, 'AG ad', 'Watch to the end');
    await logLine(game, 'call ads.showVideo ok').waitFor();
    await page.getByTestId('host-log').getByText('"type":"rewarded","status":true').waitFor();
    await game.getByTestId('ad-interstitial').click();
    await answerHost(page, 'AG ad', 'Close early');
    await logLine(game, 'call ads.showInterstitial ok').waitFor();

    // AG's payment window, paid: AG's signed notification pays the order on our server, the game gets it once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'AG payment', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
    await page
      .getByTestId('host-log')
      .getByText(/payment notification \d+ → ok/)
      .waitFor();

    // Closed without paying: cancelled; a failed payment and one in a state the adapter does not know: not completed.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'AG payment', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'AG payment', 'Error');
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'AG payment', 'Pending');
    await expect.poll(() => countLines(game, 'call buyProduct error payment_not_completed')).toBe(2);
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
  }, 120_000);

  it('a guest buying is asked to log in on AG and told Not authorized; logging in there signs the new player in', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'ag', GAME, 'guest');
    expect(await page.getByTestId('host-user').textContent()).toContain('AG guest');
    expect(await tokenIn(portal)).toBeNull();

    await game.getByTestId('buy-stars_100').click();
    await logLine(game, 'call buyProduct error guest').waitFor();
    // No payment window was opened, and nobody was signed in.
    expect(await page.getByTestId('host-log').getByText('agru-showPayment').count()).toBe(0);
    expect(await tokenIn(portal)).toBeNull();

    // The host's login window: logging in pushes new signed parameters, and the portal starts over as that player.
    await answerHost(page, 'Log in to AG.ru', 'Log in');
    // The host shows the new player once its login window has closed: wait for it rather than read it at once.
    const hostUser = page.getByTestId('host-user').filter({ hasText: /AG player ag-\d+/ });
    await hostUser.waitFor();
    const [, agId = ''] = /AG player (\S+)/.exec((await hostUser.textContent()) ?? '') ?? [];
    expect(agId).toMatch(/^ag-\d+$/);
    await expect.poll(() => tokenIn(portal), { timeout: 30_000 }).not.toBeNull();
    const token = (await tokenIn(portal)) ?? '';
    const profile = await portalApi('profile', token);
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'AbsoluteGames', Id: agId });
    const { game: again } = await hostedGame(page);
    await again.getByTestId('platform').filter({ hasText: 'platform: AbsoluteGames' }).waitFor();
  }, 120_000);
});
