import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MONEYMAILRU_KEYS, loopbackMoneyMailRu } from '../../apps/server/src/test/fake-moneymailru';
import { saveScreenshot } from '../harness/artifacts';
import { logLine } from '../harness/game';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { storeBuyer } from '../harness/store';

// Buying with Money.Mail.Ru. The server is the real build, configured with a shop's keys and
// MONEYMAILRU_BASE_URL pointing at the fake Money.Mail.Ru on a loopback port of its own (so the
// payment window is on another origin than the portal, as money.mail.ru is). The portal frames
// the signed light form; the fake's window page pays, fails or closes, posts the window messages
// to the portal, and posts its signed notifications to the server over HTTP. The portal trusts
// the fake's origin only because the server's page configuration names it (development).

const fake = loopbackMoneyMailRu();
let server: RunningServer | undefined;
const site = () => {
  if (!server) throw new Error('the Money.Mail.Ru site is not started');
  return server.url;
};

beforeAll(async () => {
  await fake.start();
  fake.deliver = async ({ body, headers }) => {
    const response = await fetch(new URL('api/v1/store/webhooks/moneymailru', site()), {
      method: 'POST',
      headers,
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  server = await startServer({
    PAYMENT_PROVIDER: 'moneymailru',
    MONEYMAILRU_SHOP_ID: FAKE_MONEYMAILRU_KEYS.shopId,
    MONEYMAILRU_SECRET_KEYS: FAKE_MONEYMAILRU_KEYS.secretKeys.join(','),
    MONEYMAILRU_API_KEY: FAKE_MONEYMAILRU_KEYS.apiKey,
    MONEYMAILRU_BASE_URL: fake.origin,
  });
});
afterAll(async () => {
  await server?.stop();
  await fake.stop();
});

const session = browserSession(site);
const { signedIn, openGame, boughtCount } = storeBuyer(site, session, 'gem-garden');

/** Opens gem-garden, buys gems_50 and waits for Money.Mail.Ru's window in the checkout dialog. */
async function paymentWindow(page: Page): Promise<{ game: FrameLocator; payWindow: FrameLocator }> {
  const game = await openGame(page);
  await game.getByTestId('buy-gems_50').click();
  const payWindow = page.frameLocator('[data-testid="checkout-frame"]');
  await payWindow.getByRole('button', { name: 'Pay from the wallet' }).waitFor();
  // The window's buttons answer once its script has run (it comes after them).
  await payWindow.locator('body[data-ready]').waitFor({ state: 'attached' });
  return { game, payWindow };
}

const frameGone = (page: Page) => page.locator('[data-testid="checkout-frame"]').waitFor({ state: 'detached' });

// Retried: about one run in four, the window's Close (closeWindow) never reaches the game as a
// cancelled purchase, on the build before 2026-11-27's changes too (cause not found yet; the window's
// buttons answering before its script ran was one race, now waited for above).
describe("buying with Money.Mail.Ru's payment window", { retry: 2 }, () => {
  it('ignores a message from an untrusted origin; pays in the window and the game receives the purchase once', async () => {
    const { context, player } = await signedIn();
    const { page } = await session.tab(context);
    const { game, payWindow } = await paymentWindow(page);
    expect(await page.locator('[data-testid="checkout-frame"]').getAttribute('src')).toMatch(
      new RegExp(`^${fake.origin}/pay/light/\\?shop_id=${FAKE_MONEYMAILRU_KEYS.shopId}&currency=EUR&sum=1\\.49&`),
    );
    await saveScreenshot(page, 'store-moneymailru-window-desktop');
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, 'store-moneymailru-window-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (desktop) await page.setViewportSize(desktop);

    // The portal's own origin is not one of the window's: its messages change nothing.
    await page.evaluate(() => {
      window.postMessage('payError', '*');
      window.postMessage('closeWindow', '*');
    });
    await page.waitForTimeout(1500);
    expect(await page.locator('[data-testid="checkout-frame"]').count()).toBe(1);
    expect(await logLine(game, 'call buyProduct error').count()).toBe(0);

    await payWindow.getByRole('button', { name: 'Pay from the wallet' }).click();
    await logLine(game, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = (await logLine(game, 'call buyProduct ok').first().locator('.detail').textContent()) ?? '';
    expect(result).toMatch(/"transactionId":"ord_[\w-]{22}"/);
    expect(result).toContain('"stats":{"currency":"EUR","currencyAmount":1.49');
    await frameGone(page);
    expect(fake.answers.at(-1)).toMatch(/^item_number=\d{20}\nstatus=ACCEPTED$/);
    await page.waitForTimeout(1000);
    expect(await logLine(game, 'call buyProduct ok').count()).toBe(1);
    expect(await boughtCount(player, 'gems_50')).toBe(1);
  });

  it("closing the window (closeWindow) rejects with 'User closed payment window' and buys nothing", async () => {
    const { context, player } = await signedIn();
    const { page } = await session.tab(context);
    const { game, payWindow } = await paymentWindow(page);
    await payWindow.getByRole('button', { name: 'Close' }).click();
    await logLine(game, 'call buyProduct error cancelled').waitFor({ timeout: 15_000 });
    const detail = (await logLine(game, 'call buyProduct error cancelled').first().textContent()) ?? '';
    expect(detail).toContain('User closed payment window');
    await frameGone(page);
    expect(await boughtCount(player, 'gems_50')).toBe(0);
  });

  it("a failed payment (payError) rejects with 'Money.Mail.Ru payment failed' and buys nothing", async () => {
    const { context, player } = await signedIn();
    const { page } = await session.tab(context);
    const { game, payWindow } = await paymentWindow(page);
    await payWindow.getByRole('button', { name: 'Pay from an empty wallet' }).click();
    await logLine(game, 'call buyProduct error payment_not_completed').waitFor({ timeout: 15_000 });
    const detail = (await logLine(game, 'call buyProduct error payment_not_completed').first().textContent()) ?? '';
    expect(detail).toContain('Money.Mail.Ru payment failed');
    await frameGone(page);
    expect(await boughtCount(player, 'gems_50')).toBe(0);
  });
});
