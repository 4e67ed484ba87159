import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { describeEachEngine } from '../../../../test/databases.js';
import { FAKE_XSOLLA_KEYS, useFakeXsolla } from '../../../../test/fake-xsolla.js';
import { signIn } from '../../../../test/sign-in.js';
import { optimisticStatus, orderOf, storePost, useGameServer } from '../../../../test/store.js';

function postXsolla(app: FastifyInstance, body: string, authorization?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/store/webhooks/xsolla',
    payload: body,
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
  });
}

/**
 * Xsolla Pay Station through fxid's provider against a fake merchant API on loopback;
 * notifications signed as Xsolla signs them. Attack rows 19, 21, 26, 29 of security.md §12.
 */
describeEachEngine('xsolla payments', (engine) => {
  const xsolla = useFakeXsolla();
  const game = useGameServer('sky-runner');
  const testApp = useTestApp(engine, {
    store: { ...game.store, paymentProviders: ['xsolla'], providers: { xsolla: xsolla.config } },
  });
  let token = '';
  const player = async () => {
    if (!token) token = await signIn(testApp().app, testApp().database.handle.db, 'xsolla-payer@example.com');
    return token;
  };

  const order = async (sku = 'stars_100', EmbeddingType = 'Embed') => {
    const response = await storePost(
      testApp().app,
      '/create_payment',
      { Game: 'sky-runner', Sku: sku, WebPublishingPlatform: 'FxId', EmbeddingType },
      await player(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json();
    return { created, paymentToken: created.Xsolla.PaymentToken as string };
  };
  const detailed = async (id: string) =>
    (
      await storePost(testApp().app, '/get_payment_status', { Game: 'sky-runner', TransactionId: id }, await player())
    ).json().Order.DetailedStatus;
  const deliveries = (orderId: string) =>
    game.server().received.filter((r) => JSON.parse(r.body).TransactionId === orderId);
  const eventsTaken = async () =>
    (await testApp().database.handle.db.selectFrom('payment_events').select('id').execute()).length;

  it('asks the merchant API for a Pay Station token priced from the catalog, with our order id', async () => {
    const { created, paymentToken } = await order('stars_550');
    expect(created).toMatchObject({
      Merchant: 'xsolla',
      ConfirmationUrl: null,
      OrderPrice: { Amount: 499, Currency: 'USD' },
      Xsolla: {
        PaymentToken: paymentToken,
        Sandbox: true,
        ConfirmationUrl: `https://sandbox-secure.xsolla.com/paystation4/?token=${paymentToken}`,
      },
    });
    const call = xsolla.calls('POST', '/token').at(-1);
    const basic = Buffer.from(`${FAKE_XSOLLA_KEYS.merchantId}:${FAKE_XSOLLA_KEYS.apiKey}`).toString('base64');
    expect(call?.path).toBe(`/merchant/v2/merchants/${FAKE_XSOLLA_KEYS.merchantId}/token`);
    expect(call?.headers.authorization).toBe(`Basic ${basic}`);
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    expect(row).toMatchObject({ provider: 'xsolla', provider_ref: created.TransactionId });
    expect(call?.body).toEqual({
      user: { id: { value: row.account_id } },
      settings: {
        project_id: FAKE_XSOLLA_KEYS.projectId,
        external_id: created.TransactionId,
        return_url: `http://localhost:8080/Store/Return/${created.TransactionId}`,
        currency: 'USD',
        mode: 'sandbox',
      },
      purchase: { checkout: { amount: 4.99, currency: 'USD' }, description: { value: '550 stars' } },
    });
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('sends Redirect checkouts to the Pay Station page', async () => {
    const { created, paymentToken } = await order('stars_100', 'Redirect');
    expect(created.ConfirmationUrl).toBe(`https://sandbox-secure.xsolla.com/paystation4/?token=${paymentToken}`);
  });

  it('answers user_validation with 204 for an fxid account and 422 INVALID_USER otherwise', async () => {
    const { app } = testApp();
    const { created } = await order();
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    const known = xsolla.userValidation(row.account_id);
    const answer = await postXsolla(app, known, xsolla.sign(known));
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    const unknown = xsolla.userValidation('acc_nobody');
    const refused = await postXsolla(app, unknown, xsolla.sign(unknown));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: { code: 'INVALID_USER', message: 'No such user' } });
  });

  it('pays and fulfils on a signed payment notification, once even when replayed (row 19)', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    const body = xsolla.pay(paymentToken);
    const first = await postXsolla(app, body, xsolla.sign(body));
    expect(first.statusCode).toBe(204);
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
    expect((await postXsolla(app, body, xsolla.sign(body))).statusCode).toBe(204);
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
    expect(await detailed(created.TransactionId)).toBe('Completed');
    expect((await postXsolla(app, body, xsolla.sign(body))).statusCode).toBe(204);
    expect(deliveries(created.TransactionId)).toHaveLength(1);
  });

  it('fulfils once under 50 concurrent duplicate deliveries of one notification (rows 19, 27)', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    const body = xsolla.pay(paymentToken);
    const before = await eventsTaken();
    const responses = await Promise.all(Array.from({ length: 50 }, () => postXsolla(app, body, xsolla.sign(body))));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(204));
    expect(await eventsTaken()).toBe(before + 1);
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
    expect(await detailed(created.TransactionId)).toBe('Completed');
  });

  it('refuses forged, wrongly signed, unsigned and edited notifications with 401 INVALID_SIGNATURE and no change (row 21)', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    const body = xsolla.pay(paymentToken);
    const good = xsolla.sign(body);
    const before = await eventsTaken();
    const flipped = good.replace(/Signature (.)/, (_m, c: string) => `Signature ${c === '0' ? '1' : '0'}`);
    const cases: [string, string, string | undefined][] = [
      ['flipped signature', body, flipped],
      ['not our secret', body, xsolla.sign(body, 'someone-elses-project-secret')],
      ['uppercase hex', body, good.replace(/[0-9a-f]{40}$/, (hex) => hex.toUpperCase())],
      ['lowercase scheme', body, good.replace('Signature', 'signature')],
      ['missing header', body, undefined],
      ['re-serialized body', JSON.stringify(JSON.parse(body), null, 2), good],
      ['amount edited after signing', body.replace(/"amount":[\d.]+/g, '"amount":0.01'), good],
    ];
    for (const [name, payload, authorization] of cases) {
      const response = await postXsolla(app, payload, authorization);
      expect(response.statusCode, name).toBe(401);
      expect(response.json(), name).toEqual({ error: { code: 'INVALID_SIGNATURE', message: 'Invalid signature' } });
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    expect(await eventsTaken()).toBe(before);
  });

  it('accepts the previous secret while one rotates', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    const body = xsolla.pay(paymentToken);
    const response = await postXsolla(app, body, xsolla.sign(body, FAKE_XSOLLA_KEYS.webhookSecrets[1]));
    expect(response.statusCode).toBe(204);
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
  });

  it('grants nothing when a signed notification reports another amount or currency (row 26)', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    for (const overrides of [{ amount: 0.01 }, { currency: 'EUR' }, { amount: 0.999 }]) {
      const body = xsolla.pay(paymentToken, overrides);
      expect((await postXsolla(app, body, xsolla.sign(body))).statusCode).toBe(204);
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  it("refuses a signed notification of another project with 422 and ignores another order's transaction", async () => {
    const { app } = testApp();
    const mine = await order();
    const other = await order();
    const paid = xsolla.requireToken(other.paymentToken);
    const foreign = xsolla.notification('payment', paid, 1, { projectId: 999 });
    const refused = await postXsolla(app, foreign, xsolla.sign(foreign));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('INVALID_PARAMETER');
    expect(await detailed(other.created.TransactionId)).toBe('WaitingForPayment');
    const unknown = xsolla.notification('payment', { ...paid, externalId: 'ord_unknownunknownunknow' }, 2, {});
    expect((await postXsolla(app, unknown, xsolla.sign(unknown))).statusCode).toBe(204);
    expect(await detailed(mine.created.TransactionId)).toBe('WaitingForPayment');
  });

  it('takes a refund notification after fulfilment (row 29)', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    const paid = xsolla.pay(paymentToken);
    await postXsolla(app, paid, xsolla.sign(paid));
    await app.runOutbox();
    expect(await detailed(created.TransactionId)).toBe('Completed');
    const refund = xsolla.refundInAccount(paymentToken);
    expect((await postXsolla(app, refund, xsolla.sign(refund))).statusCode).toBe(204);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    expect((await postXsolla(app, refund, xsolla.sign(refund))).statusCode).toBe(204);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
  });

  it('cancels an unpaid order the player closed, and refunds a payment that lands afterwards (row 20)', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.json().Order).toMatchObject({ DetailedStatus: 'Cancelled' });
    const late = xsolla.pay(paymentToken);
    expect((await postXsolla(app, late, xsolla.sign(late))).statusCode).toBe(204);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    await app.runOutbox();
    const transaction = xsolla.transactions.find((entry) => entry.externalId === created.TransactionId);
    expect(transaction?.status).toBe('refunded');
    expect(xsolla.refunds).toContain(transaction?.id);
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  it('keeps waiting when the player closes the widget after Xsolla took the payment', async () => {
    const { app } = testApp();
    const { created, paymentToken } = await order();
    xsolla.pay(paymentToken);
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });
});
