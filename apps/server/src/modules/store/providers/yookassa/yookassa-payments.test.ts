import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_CATALOG, TEST_START, useTestApp } from '../../../../test/app.js';
import { describeEachEngine } from '../../../../test/databases.js';
import { useFakeStripe } from '../../../../test/fake-stripe.js';
import {
  FAKE_YOOKASSA_KEYS,
  NOT_YOOKASSA_IP,
  useFakeYookassa,
  YOOKASSA_SOURCE_IP,
} from '../../../../test/fake-yookassa.js';
import { optimisticStatus, orderOf, storePost, useGameServer, useGemGardenBuyer } from '../../../../test/store.js';
import { readCatalogFile } from '../../../catalog/catalog-file.js';
import { importCatalog } from '../../../catalog/catalog-import.js';

function postYookassa(app: FastifyInstance, body: string, remoteAddress = YOOKASSA_SOURCE_IP, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/store/webhooks/yookassa',
    payload: body,
    remoteAddress,
    headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
}

/**
 * YooKassa through fxid's provider against a fake API v3 on loopback. Its notifications are
 * unsigned, so each one is checked against YooKassa's addresses and re-read from the API
 * (security.md §8e, attack row 22); rows 19, 26, 29 as for the other providers. The game
 * here enables YooKassa only, with Stripe listed first: it is never offered Stripe.
 */
describeEachEngine('yookassa payments', (engine) => {
  const yookassa = useFakeYookassa();
  const stripe = useFakeStripe();
  const game = useGameServer('gem-garden');
  const testApp = useTestApp(engine, {
    store: {
      ...game.store,
      paymentProviders: ['stripe', 'yookassa'],
      providers: { stripe: stripe.config, yookassa: yookassa.config },
    },
  });
  beforeAll(async () => {
    const catalog = await readCatalogFile(DEMO_CATALOG);
    const gemGarden = catalog.Games.find((entry) => entry.GameSystemName === 'gem-garden');
    if (!gemGarden) throw new Error('the demo catalog has no gem-garden');
    gemGarden.Store = {
      XsollaEnabled: false,
      YookassaEnabled: true,
      StripeEnabled: false,
      AghanimEnabled: false,
      Bank131Enabled: false,
      MoneyMailRuEnabled: false,
    };
    await importCatalog(testApp().database.handle.db, catalog, TEST_START);
  });
  const { player, order, detailed } = useGemGardenBuyer(testApp, 'yookassa-payer@example.com');
  const deliveries = (orderId: string) =>
    game.server().received.filter((r) => JSON.parse(r.body).TransactionId === orderId);
  const eventsTaken = async () =>
    (await testApp().database.handle.db.selectFrom('payment_events').select('id').execute()).length;

  it('offers YooKassa, never Stripe, to a game that enables only YooKassa', async () => {
    const availability = await storePost(testApp().app, '/store_availability', { Game: 'gem-garden' });
    expect(availability.json()).toMatchObject({ Available: true, PaymentProvider: 'yookassa' });
    const { created } = await order();
    expect(created.Merchant).toBe('yookassa');
    expect(created.Stripe).toBeUndefined();
    expect(stripe.calls('POST', '/v1/checkout/sessions')).toEqual([]);
  });

  it('creates an embedded payment priced from the catalog, with our order id and an Idempotence-Key', async () => {
    const { created, providerRef: paymentId } = await order();
    expect(created).toMatchObject({
      ConfirmationUrl: null,
      OrderPrice: { Amount: 149, Currency: 'EUR' },
      Yookassa: { Redirect: false, ConfirmationUrl: null, ConfirmationToken: `ct-${paymentId}`, Sandbox: true },
    });
    const call = yookassa.calls('POST', '/v3/payments').at(-1);
    const basic = Buffer.from(`${FAKE_YOOKASSA_KEYS.shopId}:${FAKE_YOOKASSA_KEYS.secretKey}`).toString('base64');
    expect(call?.headers.authorization).toBe(`Basic ${basic}`);
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    expect(call?.headers['idempotence-key']).toBe(`order:${row.id}:create-checkout`);
    expect(call?.body).toEqual({
      amount: { value: '1.49', currency: 'EUR' },
      capture: true,
      confirmation: { type: 'embedded' },
      description: '50 gems',
      metadata: { order_id: created.TransactionId },
    });
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it("sends Redirect checkouts to YooKassa's page with our return address", async () => {
    const { created, providerRef: paymentId } = await order('Redirect');
    const url = `https://yoomoney.ru/checkout/payments/v2/contract?orderId=${paymentId}`;
    expect(created.ConfirmationUrl).toBe(url);
    expect(created.Yookassa).toMatchObject({ Redirect: true, ConfirmationUrl: url, ConfirmationToken: null });
    expect(yookassa.calls('POST', '/v3/payments').at(-1)?.body).toMatchObject({
      confirmation: { type: 'redirect', return_url: `http://localhost:8080/Store/Return/${created.TransactionId}` },
    });
  });

  it('pays and fulfils on payment.succeeded once YooKassa confirms it, once even when replayed (row 19)', async () => {
    const { app } = testApp();
    const { created, providerRef: paymentId } = await order();
    const body = yookassa.succeed(paymentId);
    const reads = yookassa.calls('GET', `/v3/payments/${paymentId}`).length;
    const first = await postYookassa(app, body);
    expect(first.statusCode).toBe(200);
    expect(yookassa.calls('GET', `/v3/payments/${paymentId}`)).toHaveLength(reads + 1);
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
    expect((await postYookassa(app, body)).json()).toEqual({ Received: true, Duplicate: true });
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
    expect(await detailed(created.TransactionId)).toBe('Completed');
  });

  it('fulfils once under 50 concurrent duplicate notifications (rows 19, 27)', async () => {
    const { app } = testApp();
    const { created, providerRef: paymentId } = await order();
    const body = yookassa.succeed(paymentId);
    const before = await eventsTaken();
    const responses = await Promise.all(Array.from({ length: 50 }, () => postYookassa(app, body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => !response.json().Duplicate)).toHaveLength(1);
    expect(await eventsTaken()).toBe(before + 1);
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
  });

  it('refuses notifications from other addresses, even behind a forged X-Forwarded-For (row 22)', async () => {
    const { app } = testApp();
    const { created, providerRef: paymentId } = await order();
    const body = yookassa.succeed(paymentId);
    const before = await eventsTaken();
    for (const [remote, forwarded] of [
      [NOT_YOOKASSA_IP, undefined],
      [NOT_YOOKASSA_IP, YOOKASSA_SOURCE_IP],
      ['185.71.76.32', undefined],
    ] as const) {
      const response = await postYookassa(app, body, remote, forwarded);
      expect(response.statusCode, remote).toBe(403);
      expect(response.json().ErrorCode).toBe('forbidden');
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    expect(await eventsTaken()).toBe(before);
  });

  it('grants nothing for a forged "succeeded" the API contradicts, or for another amount (rows 22, 26)', async () => {
    const { app } = testApp();
    const { created, providerRef: paymentId } = await order();
    // Claimed succeeded, but YooKassa says the payment is still pending.
    const forged = yookassa.notification('payment.succeeded', {
      ...yookassa.requirePayment(paymentId),
      status: 'succeeded',
      paid: true,
    });
    expect((await postYookassa(app, forged)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    // Paid, but for another amount than the order (the claim's amount is never read).
    yookassa.requirePayment(paymentId).amount = { value: '0.01', currency: 'EUR' };
    const altered = yookassa.succeed(paymentId);
    expect((await postYookassa(app, altered)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    // A payment that does not exist at YooKassa.
    const unknown = yookassa.notification('payment.succeeded', { id: '00000000-0000-4000-8000-000000000000' });
    expect((await postYookassa(app, unknown)).statusCode).toBeGreaterThanOrEqual(500);
    const notOurs = await postYookassa(app, '{"type":"something"}');
    expect([notOurs.statusCode, notOurs.json().ErrorCode]).toEqual([400, 'invalid_token']);
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  it('cancels on payment.canceled and tells a refused payment from an abandoned one', async () => {
    const { app } = testApp();
    for (const [reason, cancelReason] of [
      ['insufficient_funds', 'Declined'],
      ['expired_on_confirmation', 'UserCancelled'],
    ] as const) {
      const { created, providerRef: paymentId } = await order();
      expect((await postYookassa(app, yookassa.cancel(paymentId, reason))).statusCode).toBe(200);
      const status = await storePost(
        app,
        '/get_payment_status',
        { Game: 'gem-garden', TransactionId: created.TransactionId },
        await player(),
      );
      expect(status.json()).toMatchObject({ Status: 'Cancelled', CancelReason: cancelReason });
    }
  });

  it('takes a full refund made in the shop after fulfilment (row 29)', async () => {
    const { app } = testApp();
    const { created, providerRef: paymentId } = await order();
    await postYookassa(app, yookassa.succeed(paymentId));
    await app.runOutbox();
    expect(await detailed(created.TransactionId)).toBe('Completed');
    const refund = yookassa.refundInShop(paymentId);
    expect((await postYookassa(app, refund)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
  });

  it('refunds through the API when the payment succeeds after the player gave the order up', async () => {
    const { app } = testApp();
    const { created, providerRef: paymentId } = await order();
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.json().Order).toMatchObject({ DetailedStatus: 'Cancelled' });
    expect((await postYookassa(app, yookassa.succeed(paymentId))).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    await app.runOutbox();
    const refund = yookassa.calls('POST', '/v3/refunds').at(-1);
    expect(refund?.body).toEqual({ payment_id: paymentId, amount: { value: '1.49', currency: 'EUR' } });
    expect(refund?.headers['idempotence-key']).toBe(`refund:${paymentId}`);
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });
});
