import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_YOOKASSA_KEYS, FakeYookassa } from '../../apps/server/src/modules/store/providers/yookassa/yookassa-fake';
import { saveScreenshot } from '../harness/artifacts';
import { logLine } from '../harness/game';
import { en } from '../harness/messages';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { storeBuyer } from '../harness/store';

// Buying with YooKassa. The server is the real build, configured for YooKassa and talking to
// the local fake API v3; its notifications are taken from the loopback address only because
// this deployment lists that address as YooKassa's (YOOKASSA_NOTIFICATION_IPS), and each one
// is re-read from the fake API. YooKassa's confirmation widget cannot be fetched offline:
// yookassa.ru is answered with a stand-in of `YooMoneyCheckoutWidget` that renders the
// confirmation as Pay and Decline buttons. Pressing one makes the fake settle the payment and
// post its notification, as YooKassa would; Pay then fires the widget's `success` event.

const fake = new FakeYookassa();
let server: RunningServer | undefined;
const site = () => {
  if (!server) throw new Error('the YooKassa site is not started');
  return server.url;
};

beforeAll(async () => {
  await fake.start();
  server = await startServer({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: FAKE_YOOKASSA_KEYS.shopId,
    YOOKASSA_SECRET_KEY: FAKE_YOOKASSA_KEYS.secretKey,
    YOOKASSA_NOTIFICATION_IPS: '127.0.0.1,::1',
    YOOKASSA_API_BASE: fake.config.apiBase ?? '',
  });
});
afterAll(async () => {
  await server?.stop();
  await fake.stop();
});

const session = browserSession(site);
const { signedIn, openGame, boughtCount } = storeBuyer(site, session, 'gem-garden');

/** YooKassa's confirmation widget as far as the portal uses it; `fakeYookassaSettle` is exposed by the test. */
const WIDGET_STAND_IN = `
window.YooMoneyCheckoutWidget = function (options) {
  const handlers = {};
  const host = { element: null };
  this.on = function (event, handler) { handlers[event] = handler; };
  this.render = async function (id) {
    host.element = document.getElementById(id);
    for (const [label, outcome] of [['Confirm payment', 'succeeded'], ['Pay with a declined card', 'declined']]) {
      const button = document.createElement('button');
      button.textContent = label;
      button.dataset.token = options.confirmation_token;
      button.onclick = async function () {
        await window.fakeYookassaSettle(options.confirmation_token, outcome);
        if (outcome === 'succeeded' && handlers.success) handlers.success();
        if (outcome !== 'succeeded' && handlers.fail) handlers.fail();
      };
      host.element.append(button);
    }
  };
  this.destroy = function () { if (host.element) host.element.textContent = ''; };
};
`;

/** The buyer confirmed or was refused: the fake settles the payment and YooKassa's notification reaches the server. */
async function settleAtYookassa(confirmationToken: string, outcome: 'succeeded' | 'declined'): Promise<void> {
  const id = confirmationToken.replace(/^ct-/, '');
  const body = outcome === 'succeeded' ? fake.succeed(id) : fake.cancel(id, 'insufficient_funds');
  const response = await fetch(new URL('api/v1/store/webhooks/yookassa', site()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`the notification was answered ${response.status}: ${await response.text()}`);
}

async function yookassaTab(context: BrowserContext): Promise<Page> {
  const { page } = await session.tab(context);
  await page.route('https://yookassa.ru/checkout-widget/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: WIDGET_STAND_IN }),
  );
  await page.exposeFunction('fakeYookassaSettle', settleAtYookassa);
  return page;
}

describe("buying with YooKassa's confirmation widget", () => {
  it('confirms in the widget; the game receives the purchase once and the modal closes by itself', async () => {
    const { context, player } = await signedIn();
    const page = await yookassaTab(context);
    const widgetScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://yookassa.ru/')) widgetScripts.push(request.url());
    });
    const frame = await openGame(page);
    expect(widgetScripts).toEqual([]);

    await frame.getByTestId('buy-gems_50').click();
    const confirm = page.getByTestId('yookassa-checkout').getByRole('button', { name: 'Confirm payment' });
    await confirm.waitFor();
    expect(widgetScripts).toHaveLength(1);
    const payment = fake.calls('POST', '/v3/payments').at(-1)?.body as { confirmation: { type: string } };
    expect(payment.confirmation.type).toBe('embedded');
    await saveScreenshot(page, 'store-yookassa-widget-desktop');

    await confirm.click();
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = (await logLine(frame, 'call buyProduct ok').first().locator('.detail').textContent()) ?? '';
    expect(result).toContain('"stats":{"currency":"EUR","currencyAmount":1.49');
    await page.getByTestId('yookassa-checkout').waitFor({ state: 'detached' });
    expect(await logLine(frame, 'call buyProduct ok').count()).toBe(1);
    expect(await boughtCount(player, 'gems_50')).toBe(1);
  });

  it("a refused payment rejects with 'Payment not completed'", async () => {
    const { context, player } = await signedIn();
    const page = await yookassaTab(context);
    const frame = await openGame(page);
    await frame.getByTestId('buy-gems_50').click();
    await page.getByRole('button', { name: 'Pay with a declined card' }).click();
    await logLine(frame, 'call buyProduct error payment_not_completed').waitFor({ timeout: 15_000 });
    const detail = (await logLine(frame, 'call buyProduct error payment_not_completed').first().textContent()) ?? '';
    expect(detail).toContain('Payment not completed');
    expect(await boughtCount(player, 'gems_50')).toBe(0);
  });

  it("closing the widget before confirming rejects with 'User closed payment window'", async () => {
    const { context } = await signedIn();
    const page = await yookassaTab(context);
    const frame = await openGame(page);
    await frame.getByTestId('buy-gems_50').click();
    await page.getByRole('button', { name: 'Confirm payment' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: en.common.close }).click();
    await logLine(frame, 'call buyProduct error cancelled').waitFor({ timeout: 15_000 });
    const detail = (await logLine(frame, 'call buyProduct error cancelled').first().textContent()) ?? '';
    expect(detail).toContain('User closed payment window');
  });
});
