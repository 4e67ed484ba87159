import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { answerHost, countLines, openOnHost, portalApi, wrapperPlayer } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game in our native app (iOS), offline: /dev/hosts plays the app around the portal's player.
// The app holds its own fxid session and hands the page a sign-in token through the bridge stand-in;
// a purchase is the App Store's (the development fake of /dev/native: a transaction bound to the app's
// account), validated by our server through Apple's client (POST /native/inapp/validate) and delivered once.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

describe('the demo game in the simulated fxid native app', () => {
  it('signs in as the app’s player, buys once through the App Store; a cancelled sheet buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'fxnative', GAME);
    const { email, token } = await wrapperPlayer(page, portal);
    expect(await portalApi('profile', token)).toMatchObject({ Email: email });
    await game.getByTestId('platform').filter({ hasText: 'platform: FxNative' }).waitFor();
    const products = async () => (await portalApi('store/check-buy-products', token, { Game: GAME })).Products;

    // The App Store sheet, bought: our server validates the transaction with Apple and pays the order once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'App Store purchase', 'Buy');
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 20_000 });
    await logLine(game, 'call consumePurchase ok').waitFor();
    expect(await products()).toContainEqual(expect.objectContaining({ Sku: 'stars_100', Count: 1 }));
    // Finished on the device once delivered: nothing left for recovery.
    await page.getByTestId('host-log').locator('li').filter({ hasText: '→ finishPurchase' }).waitFor();

    // Cancelled in the sheet: cancelled, nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'App Store purchase', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    expect(await products()).toContainEqual(expect.objectContaining({ Sku: 'stars_100', Count: 1 }));
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 150_000);
});
