import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, portalToken, productIn, sessionIn } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on the Facebook Games canvas, offline: /dev/hosts plays Facebook around the portal's
// player. The portal loads the JS SDK stand-in the simulator serves (never connect.facebook.net); the
// host answers its login status (a signed_request signed on the server with the game's dev app
// secret) and the pay dialog; on Pay the server records the payment in its fake Graph API and sends
// Facebook's signed payments webhook to our server, which looks the payment up there and pays the order.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

describe('the demo game on the simulated Facebook Games canvas', () => {
  it('signs in with the signed_request and no email, buys through the pay dialog once (webhook and Graph lookup), and a cancelled or failed payment buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'fbgames', GAME, 'new');

    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, userId = ''] = /Facebook user (\d+)/.exec(who) ?? [];
    const token = await portalToken(portal, 'Facebook Games');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'FacebookGames', Id: userId });
    await game.getByTestId('platform').filter({ hasText: 'platform: FacebookGames' }).waitFor();

    // The pay dialog, paid: Facebook's signed webhook and the Graph lookup pay the order; the game gets it once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Facebook pay', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    await page
      .getByTestId('host-log')
      .getByText('payments webhook → 200 {"Received":true,"Outcomes":["paid"]}')
      .waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);

    // Closed without paying: UserCancelled; a failed payment: payment_not_completed; nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Facebook pay', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Facebook pay', 'Error');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
  }, 150_000);

  it('a visitor who has not authorized the app plays, is asked to log in when buying, and declining is told it cannot buy', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'fbgames', GAME, 'guest');
    expect(await page.getByTestId('host-user').textContent()).toContain('app not authorized');
    expect(await sessionIn(portal)).toBeNull();

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Facebook login', 'Cancel');
    await logLine(game, 'call buyProduct error guest').waitFor();
    // No pay dialog was ever opened, and nobody was signed in.
    expect(
      await page
        .getByTestId('host-log')
        .getByText(/"method":"pay"/)
        .count(),
    ).toBe(0);
    expect(await sessionIn(portal)).toBeNull();
  }, 120_000);
});
