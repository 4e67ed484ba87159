import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, portalToken, productIn } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game on WizQ (ymobage), offline: /dev/hosts plays WizQ around the portal's player. The
// portal signs in with the launch token; its first proxy request (ping, counter 0) and, on Pay, the
// payment of its SecuredOrderId reach our proxy route signed as WizQ's gadget server signs them.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

describe('the demo game on the simulated WizQ host', () => {
  it('signs in by the launch token, relays its proxy requests from 0, buys a product received once; a cancelled or failed payment buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'ymobage', GAME, 'new');

    const [, viewerId = ''] = /WizQ viewer (\d+)/.exec((await page.getByTestId('host-user').textContent()) ?? '') ?? [];
    const token = await portalToken(portal, 'WizQ');
    const profile = await portalApi('profile', token);
    expect(profile).toMatchObject({ Email: null, HasEmail: false });
    expect(profile.SocialIdentifiers).toContainEqual({ Type: 'WizQ', Id: viewerId });
    await game.getByTestId('platform').filter({ hasText: 'platform: WizQ' }).waitFor();
    await page.getByTestId('host-log').getByText('proxy ping #0 → {"result":"ok"').waitFor();

    // WizQ's payment window, paid: the relayed payment pays the SecuredOrderId's order, the game gets it once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'WizQ payment', 'Pay');
    await logLine(game, 'call buyProduct ok').waitFor();
    await logLine(game, 'call consumePurchase ok').waitFor();
    await page.getByTestId('host-log').getByText('proxy payment #1 → {"result":"ok"').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);

    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'WizQ payment', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'WizQ payment', 'Error');
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(productIn(bought, 'stars_100')).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
  }, 120_000);
});
