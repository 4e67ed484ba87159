import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_KEYS,
  FakeStripe,
  fakeStripeEnv,
  stripeEvent,
  stripeSignature,
} from '../../apps/server/src/test/fake-stripe';
import { saveScreenshot } from '../harness/artifacts';
import { acceptDueDocuments } from '../harness/documents';
import { gameFrame, logLine } from '../harness/game';
import { en } from '../harness/messages';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { signInByEmail } from '../harness/sign-in';

// The card checkout with the Stripe provider. The server is the real build, configured for
// Stripe and talking to the local fake Stripe API (the real `stripe` client, no network).
// Stripe.js cannot be fetched offline: js.stripe.com is answered with a stand-in that
// implements Stripe(pk).initEmbeddedCheckout() by rendering a Pay button. Pressing it makes
// the fake API complete the session and posts the signed checkout.session.completed webhook,
// as Stripe would, then calls onComplete. So this covers: the page's CSP letting Stripe.js
// load, the lazy loading with the publishable key, mounting in our modal, the webhook-driven
// order status, the poll and the purchase result, and the modal closing itself. Stripe's own
// card form and its API calls from the page are what the stand-in replaces.

const fake = new FakeStripe();
let server: RunningServer | undefined;
const site = () => {
  if (!server) throw new Error('the Stripe site is not started');
  return server.url;
};

// Registered before browserSession's own hooks, so the site exists when its browser starts.
beforeAll(async () => {
  await fake.start();
  server = await startServer({
    PAYMENT_PROVIDER: 'stripe',
    ...fakeStripeEnv(fake),
  });
});
afterAll(async () => {
  await server?.stop();
  await fake.stop();
});

const session = browserSession(site);

/** Stripe.js as far as the portal uses it; `fakeStripePay` is exposed by the test. */
const STRIPE_JS_STAND_IN = `
window.Stripe = function (publishableKey) {
  return {
    initEmbeddedCheckout: async function (options) {
      const secret = options.clientSecret || (await options.fetchClientSecret());
      let host;
      return {
        mount: function (where) {
          host = typeof where === 'string' ? document.querySelector(where) : where;
          const pay = document.createElement('button');
          pay.textContent = 'Pay with test card';
          pay.dataset.publishableKey = publishableKey;
          pay.onclick = async function () {
            pay.disabled = true;
            await window.fakeStripePay(secret);
            if (options.onComplete) options.onComplete();
          };
          host.append(pay);
        },
        unmount: function () {},
        destroy: function () { if (host) host.textContent = ''; },
      };
    },
  };
};
window.Stripe.version = 'clover';
`;

/** The customer pays: the fake session completes and Stripe's signed webhook reaches the server. */
async function payAtStripe(clientSecret: string): Promise<void> {
  const found = [...fake.sessions.values()].find((candidate) => candidate.client_secret === clientSecret);
  if (!found) throw new Error(`no fake session for ${clientSecret}`);
  const paid = fake.pay(found.id);
  const now = Math.floor(Date.now() / 1000);
  const payload = stripeEvent('checkout.session.completed', paid, now);
  const response = await fetch(new URL('api/v1/store/webhooks/stripe', site()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, now) },
    body: payload,
  });
  if (!response.ok) throw new Error(`the webhook was answered ${response.status}: ${await response.text()}`);
}

async function stripeTab(context: BrowserContext): Promise<Page> {
  const { page } = await session.tab(context);
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STAND_IN }),
  );
  await page.exposeFunction('fakeStripePay', payAtStripe);
  return page;
}

async function signedInContext(): Promise<BrowserContext> {
  const player = await signInByEmail(site());
  await acceptDueDocuments(site(), player.token, 'gem-garden');
  const context = await session.freshContext();
  await context.addInitScript((token) => localStorage.setItem('AuthToken', token), player.token);
  return context;
}

describe('buying with the Stripe card checkout', () => {
  it('pays in the card checkout modal; the game receives the purchase and the modal closes by itself', async () => {
    const page = await stripeTab(await signedInContext());
    const stripeScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://js.stripe.com/')) stripeScripts.push(request.url());
    });
    await page.goto('play/gem-garden');
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();
    // Stripe.js is not part of the page until a card checkout opens.
    expect(stripeScripts).toEqual([]);

    await frame.getByTestId('buy-gems_50').click();
    const modal = page.getByRole('dialog');
    const pay = modal.getByTestId('card-checkout').getByRole('button', { name: 'Pay with test card' });
    await pay.waitFor();
    expect(stripeScripts).toHaveLength(1);
    expect(await pay.getAttribute('data-publishable-key')).toBe(FAKE_STRIPE_KEYS.publishableKey);
    await saveScreenshot(page, 'store-stripe-card-checkout-desktop');

    await pay.click();
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = (await logLine(frame, 'call buyProduct ok').first().locator('.detail').textContent()) ?? '';
    expect(result).toMatch(/"transactionId":"ord_[\w-]{22}"/);
    expect(result).toContain('"stats":{"currency":"EUR","currencyAmount":1.49}');
    await page.getByTestId('card-checkout').waitFor({ state: 'detached' });
    expect(await modal.count()).toBe(0);
  });

  it('closing the card checkout before paying rejects the purchase and expires the Stripe session', async () => {
    const page = await stripeTab(await signedInContext());
    await page.goto('play/gem-garden');
    const frame = gameFrame(page);
    await logLine(frame, 'call loadingReady ok').waitFor();
    const expiredBefore = fake.requests.filter((request) => request.path.endsWith('/expire')).length;

    await frame.getByTestId('buy-gems_50').click();
    await page.getByRole('button', { name: 'Pay with test card' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: en.common.close }).click();
    await logLine(frame, 'call buyProduct error cancelled').waitFor({ timeout: 15_000 });
    expect(fake.requests.filter((request) => request.path.endsWith('/expire')).length).toBe(expiredBefore + 1);
  });
});
