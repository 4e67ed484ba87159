import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, portalToken, productIn, sessionIn } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on Kongregate, offline: /dev/hosts plays Kongregate around the portal's player.
// The portal loads the kongregate_api.js stand-in the simulator serves (never Kongregate's CDN);
// our server checks the player's game auth token, reads and uses their items against the fake
// Kongregate server API the simulator serves, over HTTP as it would talk to Kongregate.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'gem-garden';

describe('the demo game on the simulated Kongregate host', () => {
  it('signs in through the authenticate API, has no ads, buys an item received once, and a cancelled purchase buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'kg', GAME, 'new');

    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, userId = '', name = ''] = /Kongregate user (\d+) \(([^)]+)\)/.exec(who) ?? [];
    const token = await portalToken(portal, 'Kongregate');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'Kongregate', Id: userId });
    await game.getByTestId('platform').filter({ hasText: 'platform: Kongregate' }).waitFor();
    await game.getByTestId('player-name').filter({ hasText: name }).waitFor();

    // Kongregate has no ad API: the game is told so.
    await game.getByTestId('ad-video').click();
    await logLine(game, 'call ads.showVideo error not_available').waitFor();

    // Kongregate's kreds window, paid: the server takes the item from Kongregate; the game gets it once.
    await game.getByTestId('buy-gems_50').click();
    await answerHost(page, 'Kongregate purchase', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 20_000 });
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'gems_50')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);

    // Closed without paying: cancelled, nothing bought.
    await game.getByTestId('buy-gems_50').click();
    await answerHost(page, 'Kongregate purchase', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'gems_50')).toMatchObject({ Count: 1 });
  }, 150_000);

  it('a guest is shown the registration box and told guest; registering in the page reloads it signed in', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'kg', GAME, 'guest');
    expect(await page.getByTestId('host-user').textContent()).toContain('Kongregate guest');
    expect(await sessionIn(portal)).toBeNull();

    await game.getByTestId('buy-gems_50').click();
    await logLine(game, 'call buyProduct error guest').waitFor();
    await answerHost(page, 'Kongregate registration', 'Close');
    expect(
      await page
        .getByTestId('host-log')
        .getByText(/→ purchaseItems/)
        .count(),
    ).toBe(0);
    expect(await sessionIn(portal)).toBeNull();

    // Registering in the page: Kongregate's login event, the portal reloads and signs the new player in.
    await game.getByTestId('buy-gems_50').click();
    await answerHost(page, 'Kongregate registration', 'Register');
    await expect.poll(() => sessionIn(portal), { timeout: 20_000 }).not.toBeNull();
    const who = (await page.getByTestId('host-user').textContent()) ?? '';
    const [, userId = ''] = /Kongregate user (\d+)/.exec(who) ?? [];
    const profile = await portalApi('profile', (await sessionIn(portal)) ?? '');
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'Kongregate', Id: userId });
  }, 150_000);
});
