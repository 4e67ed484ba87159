import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { acceptTermsUntil, answerHost, countLines, portalApi, portalToken } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game in our native app (iOS), offline: /dev/hosts plays the app around the portal's player.
// The app holds its own fxid session and hands the page a sign-in token through the bridge stand-in;
// a purchase is the App Store's (the development fake of /dev/native: a transaction bound to the app's
// account), validated by our server through Apple's client (POST /native/inapp/validate) and delivered once.
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

async function openInNativeApp(page: Page) {
  await page.goto(`dev/hosts?platform=fxnative&game=${GAME}&user=new`);
  const portal = page.frameLocator('[data-testid="host-app-frame"]');
  const game = portal.frameLocator('[data-testid="game-frame"]');
  await acceptTermsUntil(portal, logLine(game, 'call loadingReady ok'));
  return { portal, game };
}

const stars100 = (bought: { Products: { Sku: string }[] }) =>
  bought.Products.find((product) => product.Sku === 'stars_100');

describe('the demo game in the simulated fxid native app', () => {
  it('signs in as the app’s player, buys once through the App Store; a cancelled sheet buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openInNativeApp(page);

    const [, email = ''] =
      /signed in to the wrapper as (\S+)/.exec((await page.getByTestId('host-user').textContent()) ?? '') ?? [];
    const token = await portalToken(portal, 'native app');
    expect(await portalApi('profile', token)).toMatchObject({ Email: email });
    await game.getByTestId('platform').filter({ hasText: 'platform: FxNative' }).waitFor();

    // The App Store sheet, bought: our server validates the transaction with Apple and pays the order once.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'App Store purchase', 'Buy');
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 20_000 });
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(stars100(bought)).toMatchObject({ Count: 1 });
    // Finished on the device once delivered: nothing left for recovery.
    await page.getByTestId('host-log').locator('li').filter({ hasText: '→ finishPurchase' }).waitFor();

    // Cancelled in the sheet: cancelled, nothing bought.
    await game.getByTestId('buy-stars_100').click();
    await answerHost(page, 'App Store purchase', 'Cancel');
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(stars100(bought)).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 150_000);
});
