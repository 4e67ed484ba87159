import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../harness/artifacts';
import { axeScan, seriousViolations } from '../harness/axe';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en, fill, localeMessages } from '../harness/messages';
import { browserSession } from '../harness/session';
import { type SignedIn, signInByEmail } from '../harness/sign-in';
import { portalUrl } from '../harness/sites';

// Buying in the demo game and on the store page through the built-in sandbox checkout,
// which opens inside the portal in a modal; the game reads the result from the SDK.
const session = browserSession(portalUrl);

/** A profile of its own with a new player already signed in (the token the portal keeps). */
async function signedInContext(): Promise<{ context: BrowserContext; player: SignedIn }> {
  const player = await signInByEmail(portalUrl());
  // Both games' terms need acceptance before playing (documents-and-support.test.ts shows the modal).
  for (const game of ['sky-runner', 'gem-garden']) await acceptDueDocuments(portalUrl(), player.token, game);
  const context = await session.freshContext();
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  return { context, player };
}

async function openGame(page: Page, game: string): Promise<FrameLocator> {
  await page.goto(`play/${game}`);
  const frame = gameFrame(page);
  await logLine(frame, 'call loadingReady ok').waitFor();
  return frame;
}

/** The sandbox checkout, the portal's card payment form page `/{token}`, inside the portal's checkout modal. */
const checkout = (page: Page) => page.frameLocator('[data-testid="checkout-frame"]');

/** The form's buttons: "Pay {{price}}", "Decline", and "Cancel" for Abandon. */
const CHOICE_BUTTONS = {
  Pay: new RegExp(`^${fill(en.store.paymentFormPay, { price: '' }).trim()}`),
  Decline: en.store.paymentFormDecline,
  Abandon: en.common.cancel,
};

async function choose(page: Page, choice: 'Pay' | 'Decline' | 'Abandon') {
  await checkout(page).getByRole('button', { name: CHOICE_BUTTONS[choice], exact: true }).click();
}

/** What the game logged for its last call of `name`: the line's detail (the result, secrets hidden). */
async function detailOf(frame: FrameLocator, line: string): Promise<string> {
  return (await logLine(frame, line).first().locator('.detail').textContent()) ?? '';
}

async function boughtSkus(player: SignedIn, game: string): Promise<Record<string, number>> {
  const response = await fetch(new URL('api/v1/store/check-buy-products', portalUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify({ Game: game }),
  });
  const { Products } = (await response.json()) as { Products: { Sku: string; Count: number }[] };
  return Object.fromEntries(Products.map((product) => [product.Sku, product.Count]));
}

/** The skus of the paid purchases the game has not consumed yet, oldest first. */
async function waitingPurchases(player: SignedIn, game: string): Promise<string[]> {
  const response = await fetch(new URL('api/v1/store/check-buy-products', portalUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify({ Game: game }),
  });
  const { Purchases } = (await response.json()) as { Purchases: { Sku: string }[] };
  return Purchases.map((purchase) => purchase.Sku);
}

describe('buying in the demo game', () => {
  it('a signed-in player pays in the sandbox checkout and the game receives the purchase', async () => {
    const { context, player } = await signedInContext();
    const { page } = await session.tab(context);
    const frame = await openGame(page, 'gem-garden');
    // The game's shop shows the portal's store front, with prices formatted by the portal.
    await logLine(frame, 'call storeFront ok').waitFor();
    await frame.getByTestId('buy-gems_50').filter({ hasText: '50 gems · €1.49' }).waitFor();

    await frame.getByTestId('buy-gems_50').click();
    await checkout(page).getByText('€1.49').first().waitFor();
    await checkout(page).getByText(en.store.paymentFormDemo).waitFor();
    await checkout(page).getByText('50 gems').waitFor();
    await saveScreenshot(page, 'store-sandbox-checkout-desktop');
    await choose(page, 'Pay');
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = await detailOf(frame, 'call buyProduct ok');
    expect(result).toMatch(/"transactionId":"ord_[\w-]{22}"/);
    expect(result).toContain('"stats":{"currency":"EUR","currencyAmount":1.49}');
    // The checkout closes by itself a second after the payment.
    await page.locator('[data-testid="checkout-frame"]').waitFor({ state: 'detached' });
    expect(await boughtSkus(player, 'gem-garden')).toMatchObject({ gems_50: 1, garden_pass: 0 });

    // Where a provider sends the player back: the order as the server has it now.
    const id = result.match(/ord_[\w-]{22}/)?.[0];
    await page.goto(`Store/Return/${id}`);
    await page.getByText(fill(en.store.returnOrder, { id: id ?? '' })).waitFor();
    await page.getByTestId('order-status').filter({ hasText: en.store.returnStatus.Completed }).waitFor();
    expect(await page.getByText('50 gems · €1.49').count()).toBe(1);
  });

  // A declined payment and an abandoned checkout reach the game as different errors.
  for (const [choice, code] of [
    ['Decline', 'payment_not_completed'],
    ['Abandon', 'cancelled'],
  ] as const) {
    it(`choosing ${choice} in the checkout rejects the purchase with ${code}`, async () => {
      const { context, player } = await signedInContext();
      const { page } = await session.tab(context);
      const frame = await openGame(page, 'sky-runner');
      await frame.getByTestId('buy-stars_100').click();
      await choose(page, choice);
      await logLine(frame, `call buyProduct error ${code}`).waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="checkout-frame"]').waitFor({ state: 'detached' });
      expect(await boughtSkus(player, 'sky-runner')).toMatchObject({ stars_100: 0 });
    });
  }

  it('closing the checkout rejects the purchase as cancelled', async () => {
    const { context } = await signedInContext();
    const { page } = await session.tab(context);
    const frame = await openGame(page, 'sky-runner');
    await frame.getByTestId('buy-no_ads').click();
    await checkout(page).getByRole('button', { name: /^Pay/ }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: en.common.close }).click();
    await logLine(frame, 'call buyProduct error cancelled').waitFor();
  });

  it('a guest is asked to sign in, and closing the login window refuses the purchase', async () => {
    const { page } = await session.openIn(await session.freshContext(), '/play/sky-runner');
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();
    await frame.getByTestId('buy-stars_100').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: en.common.close }).first().click();
    await logLine(frame, 'call buyProduct error guest').waitFor();
  });
});

describe('the store page', () => {
  it('lists the products with prices in the player’s language', async () => {
    const { page } = await session.openIn(await session.freshContext({ locale: 'de-DE' }), '/Store/gem-garden');
    const gems = page.getByTestId('product-gems_50');
    await gems.getByText('50 Edelsteine').waitFor();
    expect(await gems.getByTestId('price').textContent()).toBe('1,49\u00a0€');
    expect(await page.getByTestId('product-garden_pass').getByTestId('price').textContent()).toBe('3,99\u00a0€');
    const de = await localeMessages('de');
    await gems.getByRole('button', { name: fill(de.store.buy, { price: '1,49\u00a0€' }) }).waitFor();

    const { page: english } = await session.open('/Store/sky-runner');
    // allTextContents does not wait: the list renders once the catalog query answers.
    await english.getByTestId('price').nth(2).waitFor();
    const prices = await english.getByTestId('price').allTextContents();
    expect(prices).toEqual(['$0.99', '$4.99', '$2.99']);
    await saveScreenshot(english, 'store-sky-runner-desktop');
    expect(seriousViolations(await axeScan(english))).toEqual([]);
  });

  it('buys through the same checkout and thanks the player', async () => {
    const { context, player } = await signedInContext();
    const { page } = await session.openIn(context, '/Store/sky-runner');
    await page
      .getByTestId('product-stars_550')
      .getByRole('button', { name: fill(en.store.buy, { price: '$4.99' }) })
      .click();
    await choose(page, 'Pay');
    await page.getByText(fill(en.store.purchased, { product: '550 stars' })).waitFor({ timeout: 15_000 });
    expect(await boughtSkus(player, 'sky-runner')).toMatchObject({ stars_550: 1 });
  });
});

describe('what the player owns', () => {
  it('a store purchase reaches the game at its next start, once; No ads is sold once and shows as owned', async () => {
    const { context, player } = await signedInContext();
    const { page } = await session.openIn(context, '/Store/sky-runner');
    for (const [sku, name, price] of [
      ['no_ads', 'No ads', '$2.99'],
      ['stars_100', '100 stars', '$0.99'],
    ] as const) {
      await page
        .getByTestId(`product-${sku}`)
        .getByRole('button', { name: fill(en.store.buy, { price }) })
        .click();
      await choose(page, 'Pay');
      await page.getByText(fill(en.store.purchased, { product: name })).waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="checkout-frame"]').waitFor({ state: 'detached' });
    }
    // The store now shows No ads as owned, with no way to buy it again; the server refuses it too.
    const noAds = page.getByTestId('product-no_ads');
    await noAds.getByTestId('owned').filter({ hasText: en.store.owned }).waitFor();
    expect(await noAds.getByRole('button').count()).toBe(0);
    const again = await fetch(new URL('api/v1/store/create_payment', portalUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
      body: JSON.stringify({ Game: 'sky-runner', Sku: 'no_ads', WebPublishingPlatform: 'FxId' }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { ErrorCode: string }).ErrorCode).toBe('product_already_owned');

    // The game has no webhook: both purchases wait for it, and it collects them when it opens.
    expect(await waitingPurchases(player, 'sky-runner')).toEqual(['no_ads', 'stars_100']);
    const frame = await openGame(page, 'sky-runner');
    await logLine(frame, 'call getPurchases ok').waitFor();
    await logLine(frame, 'call consumePurchase ok').waitFor();
    await frame
      .getByTestId('wallet')
      .filter({ hasText: /^100 stars$/ })
      .waitFor();
    const owned = frame.getByTestId('buy-no_ads');
    await owned.filter({ hasText: 'No ads · Owned' }).waitFor();
    expect(await owned.isDisabled()).toBe(true);

    // The stars were consumed; the one-time product stays unconsumed and so reads as owned.
    expect(await waitingPurchases(player, 'sky-runner')).toEqual(['no_ads']);

    // Opened again: the consumed stars do not come back, nothing is granted twice.
    await page.reload();
    await logLine(frame, 'call loadingReady ok').waitFor();
    await logLine(frame, 'call getPurchases ok').waitFor();
    expect(await logLine(frame, 'call consumePurchase ok').count()).toBe(0);
    await owned.filter({ hasText: 'No ads · Owned' }).waitFor();
    await frame
      .getByTestId('wallet')
      .filter({ hasText: /^100 stars$/ })
      .waitFor();
    await saveScreenshot(page, 'store-owned-in-game-desktop');
  });
});

describe('the demo game’s shop in the player’s language', () => {
  it('follows a switch to Russian, with Russian plurals in the wallet', async () => {
    const { page } = await session.openIn(await session.freshContext(), '/play/gem-garden');
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();
    await frame.getByTestId('buy-gems_50').filter({ hasText: '50 gems · €1.49' }).waitFor();
    await frame
      .getByTestId('wallet')
      .filter({ hasText: /^0 gems$/ })
      .waitFor();
    await frame.locator('button[data-testid="language"]').click();
    await frame.getByTestId('buy-gems_50').filter({ hasText: '50 самоцветов' }).waitFor();
    await frame
      .getByTestId('wallet')
      .filter({ hasText: /^0 самоцветов$/ })
      .waitFor();
  });
});

/** An order made through the API, as a game's own button would: its id and the form's address. */
async function createPayment(player: SignedIn, sku: string) {
  const response = await fetch(new URL('api/v1/store/create_payment', portalUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
    body: JSON.stringify({ Game: 'sky-runner', Sku: sku, WebPublishingPlatform: 'FxId' }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { TransactionId: string; ConfirmationUrl: string };
}

describe('the card payment form page /{token}', () => {
  it('opened on its own it is accessible, goes to the return page, and opened again shows the outcome', async () => {
    const { context, player } = await signedInContext();
    const { page } = await session.tab(context);
    const created = await createPayment(player, 'no_ads');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(portalUrl());
    await page.goto(created.ConfirmationUrl);
    await page.getByTestId('payment-form-product').getByText('No ads').waitFor();
    await page.getByText(en.store.paymentFormDemo).waitFor();
    expect(await page.getByLabel(en.store.paymentFormCardLabel).inputValue()).toBe('4242 4242 4242 4242');
    await saveScreenshot(page, 'store-payment-form-phone');
    expect(seriousViolations(await axeScan(page))).toEqual([]);

    await page.getByRole('button', { name: en.store.paymentFormDecline, exact: true }).click();
    await page.waitForURL(new RegExp(`/Store/Return/${created.TransactionId}$`));
    await page.getByTestId('order-status').filter({ hasText: en.store.returnStatus.Cancelled }).waitFor();

    // The form left history when it sent the player on; opened again, it shows the outcome
    // and the way to the order, not a dead end.
    await page.goBack();
    expect(page.url()).toBe(portalUrl());
    await page.goto(created.ConfirmationUrl);
    await page.getByText(en.store.paymentFormClosed.Declined).waitFor();
    expect(await page.getByRole('button', { name: en.store.paymentFormDecline }).count()).toBe(0);
    await page.getByRole('link', { name: en.store.paymentFormSeeOrder }).click();
    await page.waitForURL(new RegExp(`/Store/Return/${created.TransactionId}$`));
    await page.getByTestId('order-status').filter({ hasText: en.store.returnStatus.Cancelled }).waitFor();
  });

  it('offers the card the player paid with last time, and another one on request', async () => {
    const { context, player } = await signedInContext();
    const { page } = await session.tab(context);
    const first = await createPayment(player, 'no_ads');
    await page.goto(first.ConfirmationUrl);
    await page.getByLabel(en.store.paymentFormCardLabel).fill('5555 5555 5555 4444');
    await page.getByRole('button', { name: CHOICE_BUTTONS.Pay }).click();
    await page
      .getByTestId('order-status')
      .filter({ hasText: en.store.returnStatus.Completed })
      .waitFor({ timeout: 15_000 });

    const second = await createPayment(player, 'stars_550');
    await page.goto(second.ConfirmationUrl);
    await page.getByText(fill(en.store.paymentFormSavedCard, { brand: 'Mastercard', last4: '4444' })).waitFor();
    expect(await page.getByLabel(en.store.paymentFormCardLabel).count()).toBe(0);
    await page.getByRole('button', { name: en.store.paymentFormAnotherCard }).click();
    expect(await page.getByLabel(en.store.paymentFormCardLabel).inputValue()).toBe('4242 4242 4242 4242');
    await page.getByRole('button', { name: CHOICE_BUTTONS.Pay }).click();
    await page
      .getByTestId('order-status')
      .filter({ hasText: en.store.returnStatus.Completed })
      .waitFor({ timeout: 15_000 });
    expect(await boughtSkus(player, 'sky-runner')).toMatchObject({ no_ads: 1, stars_550: 1 });
  });
});
