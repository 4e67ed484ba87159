import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, portalToken } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game in a Steam build, offline: /dev/hosts plays the Steam client around the portal's
// player. The portal loads the desktop-wrapper bridge stand-in the simulator serves; our server
// checks the player's Web API ticket and runs the microtransaction (InitTxn, QueryTxn, FinalizeTxn)
// against the fake Steam Web API the simulator serves, over HTTP as it would talk to Steam; the
// host page plays Steam's overlay (Authorize, a declined card, Cancel).
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

const stars100 = (bought: { Products: { Sku: string }[] }) =>
  bought.Products.find((product) => product.Sku === 'stars_100');

describe('the demo game on the simulated Steam host', () => {
  it('signs in with a Web API ticket, buys through the overlay delivered once; cancelled or declined buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'steam', GAME);

    // Signed in by the ticket alone: a Steam identity, no email.
    const [, steamId = '', name = ''] =
      /Steam user (\d+) \(([^)]+)\)/.exec((await page.getByTestId('host-user').textContent()) ?? '') ?? [];
    const token = await portalToken(portal, 'Steam');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'Steam', Id: steamId });
    await game.getByTestId('platform').filter({ hasText: 'platform: Steam' }).waitFor();
    await game.getByTestId('player-name').filter({ hasText: name }).waitFor();

    // Steam has no ad API: the game is told so.
    await game.getByTestId('ad-video').click();
    await logLine(game, 'call ads.showVideo error not_available').waitFor();

    // The overlay, authorized: our server finalizes with Steam and pays the order; the game gets it once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Steam purchase', 'Authorize');
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 20_000 });
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(stars100(bought)).toMatchObject({ Count: 1 });

    // Cancelled in the overlay: cancelled. Authorized with a card Steam then declines: not completed.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Steam purchase', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'Steam purchase', 'Authorize (card declined)');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor({ timeout: 20_000 });

    // Settling again (recovery on the next start) delivers nothing more: once.
    const settled = await portalApi(`platforms/steam/settle/${GAME}`, token, {});
    expect(settled.Items).toEqual([]);
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(stars100(bought)).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 150_000);
});
