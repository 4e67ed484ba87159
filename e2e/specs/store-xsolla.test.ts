import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_XSOLLA_KEYS, FakeXsolla } from '../../apps/server/src/modules/store/providers/xsolla/xsolla-fake';
import { saveScreenshot } from '../harness/artifacts';
import { logLine } from '../harness/game';
import { type RunningServer, startServer } from '../harness/server';
import { browserSession } from '../harness/session';
import { storeBuyer } from '../harness/store';

// Buying with Xsolla. The server is the real build, configured for Xsolla and talking to the
// local fake merchant API (tokens, transaction search, refunds). The portal loads its copy of
// Xsolla's real embed widget 1.2.9, which opens Pay Station in its lightbox. Pay Station
// itself cannot be reached offline: its sandbox origin is answered with a stand-in page that
// speaks the widget's postMessage protocol (`dimensions`, `status` with paymentInfo, `return`,
// `close`). Paying there makes the fake record the transaction and post the `payment`
// notification, signed as Xsolla signs it, to the server's webhook.

const fake = new FakeXsolla();
let server: RunningServer | undefined;
const site = () => {
  if (!server) throw new Error('the Xsolla site is not started');
  return server.url;
};

beforeAll(async () => {
  await fake.start();
  server = await startServer({
    PAYMENT_PROVIDER: 'xsolla',
    XSOLLA_MERCHANT_ID: String(FAKE_XSOLLA_KEYS.merchantId),
    XSOLLA_PROJECT_ID: String(FAKE_XSOLLA_KEYS.projectId),
    XSOLLA_API_KEY: FAKE_XSOLLA_KEYS.apiKey,
    XSOLLA_WEBHOOK_SECRETS: FAKE_XSOLLA_KEYS.webhookSecrets.join(','),
    XSOLLA_SANDBOX: 'true',
    XSOLLA_API_BASE: fake.config.apiBase ?? '',
  });
});
afterAll(async () => {
  await server?.stop();
  await fake.stop();
});

const session = browserSession(site);
const { signedIn, openGame, boughtCount } = storeBuyer(site, session, 'sky-runner');

/** Pay Station as far as the widget sees it: the page posts the widget's commands to its parent. */
const PAY_STATION_STAND_IN = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pay Station</title></head>
<body style="font-family: sans-serif; padding: 16px">
<h1>Pay Station (sandbox)</h1>
<p id="state" role="status"></p>
<button id="pay">Pay now</button>
<button id="decline">Use a declined card</button>
<button id="back">Back to the game</button>
<button id="close">Close Pay Station</button>
<script>
  const token = new URL(location.href).searchParams.get('token');
  const post = (command, data) => parent.postMessage(JSON.stringify({ command, data: data || {} }), '*');
  const state = document.getElementById('state');
  post('dimensions', { dimensions: { width: 480, height: 420 } });
  document.getElementById('pay').onclick = async () => {
    const answer = await fetch('/fake/pay?token=' + encodeURIComponent(token), { method: 'POST' });
    const invoice = await answer.text();
    state.textContent = answer.ok ? 'Paid' : 'Failed';
    if (answer.ok) post('status', { paymentInfo: { status: 'done', invoice } });
  };
  document.getElementById('decline').onclick = () => {
    state.textContent = 'Declined';
    post('status', { paymentInfo: { status: 'troubled' } });
  };
  document.getElementById('back').onclick = () => post('return');
  document.getElementById('close').onclick = () => post('close');
</script>
</body></html>`;

/** The buyer paid in Pay Station: the fake records it and Xsolla's signed notification reaches the server. */
async function payAtXsolla(route: Route): Promise<void> {
  const token = new URL(route.request().url()).searchParams.get('token') ?? '';
  const body = fake.pay(token);
  const response = await fetch(new URL('api/v1/store/webhooks/xsolla', site()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: fake.sign(body) },
    body,
  });
  await route.fulfill({ status: response.status === 204 ? 200 : 500, body: String(JSON.parse(body).transaction.id) });
}

async function xsollaTab(context: BrowserContext, allow?: RegExp): Promise<Page> {
  const { page, problems } = await session.tab(context);
  if (allow) problems.allow(allow);
  await page.route('https://sandbox-secure.xsolla.com/fake/pay**', payAtXsolla);
  await page.route('https://sandbox-secure.xsolla.com/paystation4/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: PAY_STATION_STAND_IN }),
  );
  return page;
}

/** Pay Station inside the widget's lightbox. */
const payStation = (page: Page) => page.frameLocator('.xpaystation-widget-lightbox iframe');

describe("buying with Xsolla's Pay Station widget", () => {
  it('pays in Pay Station; the widget closes itself and the game receives the purchase once', async () => {
    const { context, player } = await signedIn();
    const page = await xsollaTab(context);
    const widgetScripts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('xsolla-paystation-widget')) widgetScripts.push(request.url());
    });
    const frame = await openGame(page);
    // The widget is not part of the page until an Xsolla checkout opens.
    expect(widgetScripts).toEqual([]);

    await frame.getByTestId('buy-stars_100').click();
    await payStation(page).getByRole('button', { name: 'Pay now' }).waitFor();
    expect(widgetScripts).toHaveLength(1);
    expect(new URL(widgetScripts[0] ?? '').origin).toBe(new URL(site()).origin);
    await saveScreenshot(page, 'store-xsolla-pay-station-desktop');

    await payStation(page).getByRole('button', { name: 'Pay now' }).click();
    await logLine(frame, 'call buyProduct ok').waitFor({ timeout: 15_000 });
    const result = (await logLine(frame, 'call buyProduct ok').first().locator('.detail').textContent()) ?? '';
    expect(result).toMatch(/"transactionId":"ord_[\w-]{22}"/);
    expect(result).toContain('"stats":{"currency":"USD","currencyAmount":0.99');
    await page.locator('.xpaystation-widget-lightbox').waitFor({ state: 'detached' });
    expect(await logLine(frame, 'call buyProduct ok').count()).toBe(1);
    expect(await boughtCount(player, 'stars_100')).toBe(1);
    const token = fake.calls('POST', '/token').at(-1)?.body as { settings: { mode?: string } };
    expect(token.settings.mode).toBe('sandbox');
  });

  it("closing Pay Station unpaid, after a declined card, rejects with 'User closed payment window'", async () => {
    const { context, player } = await signedIn();
    const page = await xsollaTab(context);
    const frame = await openGame(page);
    await frame.getByTestId('buy-stars_100').click();
    await payStation(page).getByRole('button', { name: 'Use a declined card' }).click();
    await payStation(page).getByRole('button', { name: 'Close Pay Station' }).click();
    await logLine(frame, 'call buyProduct error cancelled').waitFor({ timeout: 15_000 });
    const detail = (await logLine(frame, 'call buyProduct error cancelled').first().textContent()) ?? '';
    expect(detail).toContain('User closed payment window');
    expect(await boughtCount(player, 'stars_100')).toBe(0);
  });

  it("fails with 'No Xsolla widget in window!' when the widget cannot load", async () => {
    const { context } = await signedIn();
    const page = await xsollaTab(context, /status of 404 .*xsolla-paystation-widget-/);
    await page.route('**/xsolla-paystation-widget-*', (route) => route.fulfill({ status: 404, body: '' }));
    const frame = await openGame(page);
    await frame.getByTestId('buy-stars_100').click();
    await logLine(frame, 'call buyProduct error handler_failed').waitFor({ timeout: 15_000 });
    const detail = (await logLine(frame, 'call buyProduct error handler_failed').first().textContent()) ?? '';
    expect(detail).toContain('No Xsolla widget in window!');
  });
});
