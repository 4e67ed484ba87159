import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, portalToken, productIn } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on Odnoklassniki, offline: /dev/hosts plays OK around the portal's player. The
// portal loads the FAPI stand-in the simulator serves (never api.ok.ru), which asks the host page
// for OK's payment window; on Pay the host has the server send OK's callbacks.payment, signed with
// the game's dev OK secret, to our callback route before the window answers API_callback.
// Tall enough for the whole host frame (the simulator's controls sit above it): the portal's
// fixed dialogs inside the frame cannot be scrolled into view from the host page.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

describe('the demo game on the simulated Odnoklassniki host', () => {
  it('signs in by the launch parameters with no email, shows a rewarded video and an interstitial, buys a product received once, a cancelled or failed payment buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'ok', GAME, 'new');

    // Signed in by OK's auth_sig alone: an Odnoklassniki identity, no email.
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, okId = ''] = /OK user (\d+)/.exec(who) ?? [];
    const token = await portalToken(portal, 'OK');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'Odnoklassniki', Id: okId });
    await game.getByTestId('platform').filter({ hasText: 'platform: Odnoklassniki' }).waitFor();

    // OK's rewarded video (loadAd, then showLoadedAd) watched to the end, and an interstitial (showAd).
    await game.getByTestId('ad-video').click();
    await answerHost(page, 'OK ad', 'Ad ready');
    await answerHost(page, 'OK ad', 'Watched');
    await logLine(game, 'call ads.showVideo ok').waitFor();
    expect(await logLine(game, 'call ads.showVideo ok').locator('.detail').textContent()).toContain('Finished');
    await game.getByTestId('ad-interstitial').click();
    await answerHost(page, 'OK ad', 'Shown');
    await logLine(game, 'call ads.showInterstitial ok').waitFor();
    expect(await logLine(game, 'call ads.showInterstitial ok').locator('.detail').textContent()).toContain('Finished');

    // OK's payment window, paid: OK's signed callback pays the order on our server, the game gets it once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'OK payment', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
    await page
      .getByTestId('host-log')
      .getByText(/callbacks\.payment \d+ → true/)
      .waitFor();

    // Closed without paying: UserCancelled, nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'OK payment', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    // OK's window reporting an error: payment_not_completed, nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'OK payment', 'Error');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
  }, 120_000);
});
