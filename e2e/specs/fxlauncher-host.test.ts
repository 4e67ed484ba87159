import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { closeWebCheckout, countLines, openOnHost, payInWebCheckout, portalApi, wrapperPlayer } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game in our desktop launcher, offline: /dev/hosts plays the launcher around the portal's
// player. The launcher holds its own fxid session; the portal loads the launcher bridge's stand-in,
// which asks the page (as the launcher) for a sign-in token, and the page asks the real API for one
// with that session. Purchases go through the portal's own web checkout (the sandbox here).
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

const boughtStars = async (token: string) =>
  (await portalApi('store/check-buy-products', token, { Game: GAME })).Products.find(
    (product: { Sku: string }) => product.Sku === 'stars_100',
  )?.Count;

describe('the demo game in the simulated fxid launcher', () => {
  it('signs in as the launcher’s player by its token, buys once through the web checkout; cancelled buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openOnHost(page, 'fxlauncher', GAME);

    // Signed in as the launcher's own account (its email), by a token the launcher asked for.
    const { email, token } = await wrapperPlayer(page, portal);
    expect(await portalApi('profile', token)).toMatchObject({ Email: email, EmailValidated: true });
    await game.getByTestId('platform').filter({ hasText: 'platform: FxLauncher' }).waitFor();
    const log = page.getByTestId('host-log').locator('li');
    expect(await log.filter({ hasText: '→ signInToken' }).count()).toBeGreaterThanOrEqual(1);
    // The game's lifecycle reaches the launcher.
    await log.filter({ hasText: 'signal loadingReady' }).first().waitFor();

    // The web checkout: paid once, the game receives it once.
    await game.getByTestId('buy-stars_100').click();
    await payInWebCheckout(portal);
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 20_000 });
    await logLine(game, 'call consumePurchase ok').waitFor();
    expect((await portalApi('store/check-buy-products', token, { Game: GAME })).Purchases).toEqual([]);
    expect(await boughtStars(token)).toBe(1);

    // The checkout closed without paying: cancelled, nothing bought.
    await portal.locator('[data-testid="checkout-frame"]').waitFor({ state: 'detached' });
    await game.getByTestId('buy-stars_100').click();
    await closeWebCheckout(portal);
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    expect(await boughtStars(token)).toBe(1);
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 150_000);
});
