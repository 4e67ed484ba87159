import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeStripe, fakeStripeEnv } from '../../apps/server/src/test/fake-stripe';
import { saveScreenshot } from '../harness/artifacts';
import { demoCatalogText } from '../harness/catalog';
import { logLine } from '../harness/game';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { storeBuyer } from '../harness/store';

// The provider a game is offered, and Xsolla and YooKassa paid offline. The server is the real
// build with PAYMENT_PROVIDER=stripe,xsolla,yookassa: Stripe configured (against the local fake
// Stripe API) and listed first, Xsolla and YooKassa without keys, so each runs against the fake
// this development server serves itself (/dev/xsolla, /dev/yookassa). The catalog gives Gem
// Garden YooKassa only and Sky Runner Xsolla only. Gem Garden must never be offered Stripe; its
// checkout is YooKassa's, whose confirmation widget is the fake's stand-in named in the page
// config; Sky Runner's is Xsolla's real embed widget framing the fake's Pay Station page.

const fake = new FakeStripe();
let server: RunningServer | undefined;
const site = () => {
  if (!server) throw new Error('the site is not started');
  return server.url;
};
const catalogDir = mkdtempSync(join(tmpdir(), 'fxid-e2e-offline-providers-'));

beforeAll(async () => {
  await fake.start();
  const catalog = demoCatalogText()
    .replace(
      'Store: { XsollaEnabled: false, YookassaEnabled: true, StripeEnabled: true, AghanimEnabled: true, MoneyMailRuEnabled: true }',
      'Store: { YookassaEnabled: true }',
    )
    .replace(
      'Store: { XsollaEnabled: true, YookassaEnabled: false, StripeEnabled: true }',
      'Store: { XsollaEnabled: true }',
    );
  if ((catalog.match(/Store: \{ (Yookassa|Xsolla)Enabled: true \}/g) ?? []).length !== 2)
    throw new Error('the demo catalog changed: update this spec');
  const file = join(catalogDir, 'catalog.yaml');
  writeFileSync(file, catalog);
  server = await startServer({
    CATALOG_FILE: file,
    PAYMENT_PROVIDER: 'stripe,xsolla,yookassa',
    ...fakeStripeEnv(fake),
  });
});
afterAll(async () => {
  await server?.stop();
  await fake.stop();
  rmSync(catalogDir, { recursive: true, force: true });
});

const session = browserSession(site);
const gemGarden = storeBuyer(site, session, 'gem-garden');
const skyRunner = storeBuyer(site, session, 'sky-runner');

/** Every request a page makes to Stripe (Stripe.js, its API). */
function stripeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/stripe\.com/.test(request.url())) seen.push(request.url());
  });
  return seen;
}

describe('a game with only YooKassa enabled, with Stripe listed first', () => {
  it('is never offered Stripe: store_availability says YooKassa, and its checkout is YooKassa (offline)', async () => {
    const availability = await fetch(new URL('api/v1/store/store_availability', site()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Game: 'gem-garden', WebPublishingPlatform: 'FxId' }),
    });
    expect(await availability.json()).toMatchObject({
      Available: true,
      PaymentProvider: 'yookassa',
      Store: { StripeEnabled: false, YookassaEnabled: true, XsollaEnabled: false },
    });

    const { context, player } = await gemGarden.signedIn();
    const { page } = await session.tab(context);
    const stripe = stripeRequests(page);
    const frame = await gemGarden.openGame(page);
    await frame.getByTestId('buy-gems_50').click();
    const confirm = page.getByTestId('yookassa-checkout').getByRole('button', { name: 'Confirm payment' });
    await confirm.waitFor();
    await saveScreenshot(page, 'store-yookassa-offline-desktop');
    await confirm.click();
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = (await logLine(frame, 'call buyProduct ok').first().locator('.detail').textContent()) ?? '';
    expect(result).toContain('"stats":{"currency":"EUR","currencyAmount":1.49');
    await page.getByTestId('yookassa-checkout').waitFor({ state: 'detached' });
    expect(await gemGarden.boughtCount(player, 'gems_50')).toBe(1);
    expect(stripe).toEqual([]);
    expect(fake.calls('POST', '/v1/checkout/sessions')).toEqual([]);
  });

  it("a declined card in the offline widget rejects with 'Payment not completed' and buys nothing", async () => {
    const { context, player } = await gemGarden.signedIn();
    const { page } = await session.tab(context);
    const frame = await gemGarden.openGame(page);
    await frame.getByTestId('buy-gems_50').click();
    await page.getByRole('button', { name: 'Pay with a declined card' }).click();
    await logLine(frame, 'call buyProduct error payment_not_completed').waitFor({ timeout: 15_000 });
    expect(await gemGarden.boughtCount(player, 'gems_50')).toBe(0);
  });
});

describe("Xsolla offline: the embed widget frames the development fake's Pay Station", () => {
  const payStation = (page: Page) => page.frameLocator('.xpaystation-widget-lightbox iframe');

  it('pays; the game receives the purchase once', async () => {
    const { context, player } = await skyRunner.signedIn();
    const { page } = await session.tab(context);
    const stripe = stripeRequests(page);
    const frame = await skyRunner.openGame(page);
    await frame.getByTestId('buy-stars_100').click();
    await payStation(page).getByRole('button', { name: 'Pay now' }).waitFor();
    await saveScreenshot(page, 'store-xsolla-offline-desktop');
    await payStation(page).getByRole('button', { name: 'Pay now' }).click();
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = (await logLine(frame, 'call buyProduct ok').first().locator('.detail').textContent()) ?? '';
    expect(result).toContain('"stats":{"currency":"USD","currencyAmount":0.99');
    await page.locator('.xpaystation-widget-lightbox').waitFor({ state: 'detached' });
    expect(await skyRunner.boughtCount(player, 'stars_100')).toBe(1);
    expect(stripe).toEqual([]);
  });

  it("closed after a declined card, rejects with 'User closed payment window'", async () => {
    const { context, player } = await skyRunner.signedIn();
    const { page } = await session.tab(context);
    const frame = await skyRunner.openGame(page);
    await frame.getByTestId('buy-stars_100').click();
    await payStation(page).getByRole('button', { name: 'Use a declined card' }).click();
    await payStation(page).getByText('Your card was declined').waitFor();
    await payStation(page).getByRole('button', { name: 'Close Pay Station' }).click();
    await logLine(frame, 'call buyProduct error cancelled').waitFor({ timeout: 15_000 });
    const detail = (await logLine(frame, 'call buyProduct error cancelled').first().textContent()) ?? '';
    expect(detail).toContain('User closed payment window');
    expect(await skyRunner.boughtCount(player, 'stars_100')).toBe(0);
  });
});
