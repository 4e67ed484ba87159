import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logLine } from '../harness/game';
import { acceptTermsUntil, countLines, portalApi, portalToken } from '../harness/hosts';
import { browserSession } from '../harness/session';
import { portalUrl } from '../harness/sites';

// The demo game in our desktop launcher, offline: /dev/hosts plays the launcher around the portal's
// player. The launcher holds its own fxid session; the portal loads the launcher bridge's stand-in,
// which asks the page (as the launcher) for a sign-in token, and the page asks the real API for one
// with that session. Purchases go through the portal's own web checkout (the sandbox here).
const session = browserSession(portalUrl, { viewport: { width: 1280, height: 1100 } });
const GAME = 'sky-runner';

async function openInLauncher(page: Page) {
  await page.goto(`dev/hosts?platform=fxlauncher&game=${GAME}&user=new`);
  const portal = page.frameLocator('[data-testid="host-app-frame"]');
  const game = portal.frameLocator('[data-testid="game-frame"]');
  await acceptTermsUntil(portal, logLine(game, 'call loadingReady ok'));
  return { portal, game };
}

const checkout = (portal: FrameLocator) => portal.frameLocator('[data-testid="checkout-frame"]');
const stars100 = (bought: { Products: { Sku: string }[] }) =>
  bought.Products.find((product) => product.Sku === 'stars_100');

describe('the demo game in the simulated fxid launcher', () => {
  it('signs in as the launcher’s player by its token, buys once through the web checkout; cancelled buys nothing', async () => {
    const { page } = await session.tab();
    const { portal, game } = await openInLauncher(page);

    // Signed in as the launcher's own account (its email), by a token the launcher asked for.
    const [, email = ''] =
      /signed in to the wrapper as (\S+)/.exec((await page.getByTestId('host-user').textContent()) ?? '') ?? [];
    const token = await portalToken(portal, 'launcher');
    expect(await portalApi('profile', token)).toMatchObject({ Email: email, EmailValidated: true });
    await game.getByTestId('platform').filter({ hasText: 'platform: FxLauncher' }).waitFor();
    expect(
      await page.getByTestId('host-log').locator('li').filter({ hasText: '→ signInToken' }).count(),
    ).toBeGreaterThanOrEqual(1);
    // The game's lifecycle reaches the launcher.
    await page.getByTestId('host-log').locator('li').filter({ hasText: 'signal loadingReady' }).first().waitFor();

    // The web checkout: paid once, the game receives it once.
    await game.getByTestId('buy-stars_100').click();
    await checkout(portal)
      .getByRole('button', { name: /^(Pay|Оплатить)/ })
      .click();
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 20_000 });
    await logLine(game, 'call consumePurchase ok').waitFor();
    let bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(bought.Purchases).toEqual([]);
    expect(stars100(bought)).toMatchObject({ Count: 1 });

    // The checkout closed without paying: cancelled, nothing bought.
    await portal.locator('[data-testid="checkout-frame"]').waitFor({ state: 'detached' });
    await game.getByTestId('buy-stars_100').click();
    await checkout(portal)
      .getByRole('button', { name: /^(Pay|Оплатить)/ })
      .waitFor();
    await portal
      .getByRole('dialog')
      .getByRole('button', { name: /^(Close|Закрыть)$/ })
      .click();
    await logLine(game, 'call buyProduct error cancelled').waitFor();
    bought = await portalApi('store/check-buy-products', token, { Game: GAME });
    expect(stars100(bought)).toMatchObject({ Count: 1 });
    expect(await countLines(game, 'call buyProduct ok')).toBe(1);
    expect(await countLines(game, 'call consumePurchase ok')).toBe(1);
  }, 150_000);
});
