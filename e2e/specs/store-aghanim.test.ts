import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { boughtCount, signedInBuyer } from '../harness/buyer';
import { gameFrame, logLine } from '../harness/game';
import { en } from '../harness/messages';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';

// Buying with Aghanim in the offline development mode: the server is the real build with
// PAYMENT_PROVIDER=aghanim and no Aghanim keys, so its Aghanim provider talks over HTTP to the
// fake Aghanim the same server serves at /dev/aghanim (S2S orders API, checkout page, webhooks
// signed with the development webhook secret and posted to /api/v1/store/webhooks/aghanim).
// The portal shows a dialog with a link that opens the checkout in a new tab and polls
// /store/aghanim/payment/status every second.

let server: RunningServer | undefined;
const site = () => {
  if (!server) throw new Error('the Aghanim site is not started');
  return server.url;
};

beforeAll(async () => {
  server = await startServer({ PAYMENT_PROVIDER: 'aghanim' });
});
afterAll(async () => {
  await server?.stop();
});

const session = browserSession(site);

async function openGame(page: Page): Promise<FrameLocator> {
  await page.goto('play/gem-garden');
  const frame = gameFrame(page);
  await logLine(frame, 'call loadingReady ok').waitFor();
  return frame;
}

/** Buys gems_50 in the game and follows the dialog's link to Aghanim's checkout, which opens in a new tab. */
async function checkoutTab(context: BrowserContext, page: Page, frame: FrameLocator): Promise<Page> {
  await frame.getByTestId('buy-gems_50').click();
  const link = page.getByRole('link', { name: en.store.aghanimOpen });
  await link.waitFor();
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.getByRole('button', { name: 'Pay now' }).waitFor();
  return tab;
}

describe("buying with Aghanim's checkout in a new tab (offline development mode)", () => {
  it('pays in the new tab; the game receives the purchase once and the dialog closes by itself', async () => {
    const { context, player } = await signedInBuyer(site(), session);
    const { page } = await session.tab(context);
    const frame = await openGame(page);
    const tab = await checkoutTab(context, page, frame);
    expect(new URL(tab.url()).pathname).toMatch(/\/dev\/aghanim\/order\/ord_[0-9a-f]{24}$/);
    await expect.poll(() => page.getByText(en.store.aghanimWaiting).count()).toBe(1);
    await saveScreenshot(page, 'store-aghanim-dialog-desktop');

    await tab.getByRole('button', { name: 'Pay now' }).click();
    // Aghanim sends the buyer back to the game (redirect_settings immediate): the portal's return page.
    await tab.waitForURL(/\/Store\/Return\/ord_/);
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = (await logLine(frame, 'call buyProduct ok').first().locator('.detail').textContent()) ?? '';
    expect(result).toMatch(/"transactionId":"ord_[\w-]{22}"/);
    expect(result).toContain('"stats":{"currency":"EUR","currencyAmount":1.49');
    await page.getByRole('link', { name: en.store.aghanimOpenAgain }).waitFor({ state: 'detached' });
    expect(await logLine(frame, 'call buyProduct ok').count()).toBe(1);
    expect(await boughtCount(site(), player, 'gems_50')).toBe(1);
  });

  it("an order cancelled on Aghanim's checkout rejects with 'Payment not completed'", async () => {
    const { context, player } = await signedInBuyer(site(), session);
    const { page } = await session.tab(context);
    const frame = await openGame(page);
    const tab = await checkoutTab(context, page, frame);
    await tab.getByRole('button', { name: 'Cancel order' }).click();
    await tab.getByText('Order cancelled').waitFor();
    await logLine(frame, 'call buyProduct error payment_not_completed').waitFor({ timeout: 15_000 });
    const detail = (await logLine(frame, 'call buyProduct error payment_not_completed').first().textContent()) ?? '';
    expect(detail).toContain('Payment not completed');
    expect(await boughtCount(site(), player, 'gems_50')).toBe(0);
  });

  it("a declined card, then the dialog closed, rejects with 'Payment not completed' and buys nothing", async () => {
    const { context, player } = await signedInBuyer(site(), session);
    const { page } = await session.tab(context);
    const frame = await openGame(page);
    const tab = await checkoutTab(context, page, frame);
    await tab.getByRole('button', { name: 'Use a declined card' }).click();
    await tab.getByText('Your card was declined').waitFor();
    await tab.close();
    await page.getByRole('dialog').getByRole('button', { name: en.common.close }).click();
    await logLine(frame, 'call buyProduct error cancelled').waitFor({ timeout: 15_000 });
    const detail = (await logLine(frame, 'call buyProduct error cancelled').first().textContent()) ?? '';
    expect(detail).toContain('Payment not completed');
    // The order was expired at Aghanim: paying the old tab now is no longer possible.
    expect(await boughtCount(site(), player, 'gems_50')).toBe(0);
  });
});
