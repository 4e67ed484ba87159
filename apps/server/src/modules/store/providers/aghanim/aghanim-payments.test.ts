import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { describeEachEngine } from '../../../../test/databases.js';
import { FAKE_AGHANIM_KEYS, useFakeAghanim } from '../../../../test/fake-aghanim.js';
import { signIn } from '../../../../test/sign-in.js';
import { optimisticStatus, orderOf, storePost, useGameServer, useGemGardenBuyer } from '../../../../test/store.js';
import type { FakeAghanimWebhook } from './aghanim-fake.js';

function postAghanim(app: FastifyInstance, { body, headers }: FakeAghanimWebhook) {
  return app.inject({ method: 'POST', url: '/api/v1/store/webhooks/aghanim', payload: body, headers });
}

/**
 * Aghanim through fxid's provider against the fake Aghanim on loopback (its S2S orders API,
 * its checkout and its webhooks signed as Aghanim signs them). Attack rows 17, 19, 20, 26, 29
 * of security.md §12 as they apply to Aghanim.
 */
describeEachEngine('aghanim payments', (engine) => {
  const aghanim = useFakeAghanim();
  const game = useGameServer('gem-garden');
  const testApp = useTestApp(engine, {
    store: { ...game.store, paymentProviders: ['aghanim'], providers: { aghanim: aghanim.config } },
  });
  beforeAll(() => {
    aghanim.deliver = async (webhook) => (await postAghanim(testApp().app, webhook)).statusCode;
    aghanim.now = () => testApp().clock.now;
  });
  const { player, order, detailed } = useGemGardenBuyer(testApp, 'aghanim-payer@example.com');
  const polled = (id: string) =>
    testApp().app.inject({ method: 'GET', url: `/api/v1/store/aghanim/payment/status?PublicOrderId=${id}` });
  const deliveries = (orderId: string) =>
    game.server().received.filter((r) => JSON.parse(r.body).TransactionId === orderId);
  /** Aghanim took the payment, its webhook not yet delivered. */
  const paidAtAghanim = (aghanimId: string) => {
    const found = aghanim.orders.get(aghanimId);
    if (!found) throw new Error(`no Aghanim order ${aghanimId}`);
    found.status = 'paid';
  };
  const eventsTaken = async () =>
    (await testApp().database.handle.db.selectFrom('payment_events').select('id').execute()).length;

  it('creates an Aghanim order priced from the catalog, with our order id, Bearer key and Idempotency-Key', async () => {
    const { created, providerRef: aghanimId } = await order();
    const checkoutUrl = `${aghanim.config.apiBase}/order/${aghanimId}`;
    expect(created).toMatchObject({
      Merchant: 'aghanim',
      ConfirmationUrl: null,
      OrderPrice: { Amount: 149, Currency: 'EUR' },
      Aghanim: { CheckoutUrl: checkoutUrl },
    });
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    const call = aghanim.calls('POST', '/orders').at(-1);
    expect(call?.headers.authorization).toBe(`Bearer ${FAKE_AGHANIM_KEYS.apiKey}`);
    expect(call?.headers['idempotency-key']).toBe(`order:${row.id}:create-checkout`);
    expect(call?.body).toEqual({
      player_id: row.account_id,
      items: [{ sku: 'gems_50', quantity: 1, name: '50 gems' }],
      currency: 'EUR',
      price_decimal: 1.49,
      back_to_game_url: `http://localhost:8080/Store/Return/${created.TransactionId}`,
      redirect_settings: { mode: 'immediate', target: 'game' },
      metadata: { fxid_order_id: created.TransactionId },
    });
    expect(aghanim.orders.get(aghanimId)?.amount).toBe(149);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    expect((await polled(created.TransactionId)).json()).toEqual({
      PublicOrderId: created.TransactionId,
      Status: 'Created',
    });
  });

  it('sends Redirect checkouts to the Aghanim checkout page', async () => {
    const { created, providerRef: aghanimId } = await order('Redirect');
    expect(created.ConfirmationUrl).toBe(`${aghanim.config.apiBase}/order/${aghanimId}`);
  });

  it('pays and fulfils on a signed order.paid, once even when the webhook is replayed (row 19)', async () => {
    const { app } = testApp();
    const { created, providerRef: aghanimId } = await order();
    expect(await aghanim.pay(aghanimId)).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
    expect((await polled(created.TransactionId)).json().Status).toBe('Payed');
    // Aghanim retries: the same event, and the same order's event under a new event id.
    const again = aghanim.webhook('order.paid', aghanimId);
    expect((await postAghanim(app, again)).json()).toEqual({ Received: true, Duplicate: true });
    expect((await postAghanim(app, again)).json()).toEqual({ Received: true, Duplicate: true });
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
    expect(await detailed(created.TransactionId)).toBe('Completed');
  });

  it('fulfils once under 50 concurrent duplicate webhooks (rows 19, 27)', async () => {
    const { app } = testApp();
    const { created, providerRef: aghanimId } = await order();
    paidAtAghanim(aghanimId);
    const webhook = aghanim.webhook('order.paid', aghanimId);
    const before = await eventsTaken();
    const responses = await Promise.all(Array.from({ length: 50 }, () => postAghanim(app, webhook)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => !response.json().Duplicate)).toHaveLength(1);
    expect(await eventsTaken()).toBe(before + 1);
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
  });

  it('refuses forged, unsigned and edited webhooks with 400 invalid_token and no change (rows 17, 26)', async () => {
    const { app } = testApp();
    const { created, providerRef: aghanimId } = await order();
    const good = aghanim.webhook('order.paid', aghanimId);
    const signature = good.headers['x-aghanim-signature'] ?? '';
    const before = await eventsTaken();
    const cases: [string, FakeAghanimWebhook][] = [
      [
        'flipped signature',
        {
          ...good,
          headers: {
            ...good.headers,
            'x-aghanim-signature': `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`,
          },
        },
      ],
      ['not our secret', aghanim.webhook('order.paid', aghanimId, {}, 'someone-elses-webhook-secret')],
      ['missing signature', { ...good, headers: { 'content-type': 'application/json' } }],
      ['re-serialized body', { ...good, body: JSON.stringify(JSON.parse(good.body), null, 2) }],
      ['amount edited after signing', { ...good, body: good.body.replace('"amount":149', '"amount":1') }],
    ];
    for (const [name, webhook] of cases) {
      const response = await postAghanim(app, webhook);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().ErrorCode, name).toBe('invalid_token');
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    expect(await eventsTaken()).toBe(before);
  });

  it('refuses a webhook replayed after the 300 s window (row 17)', async () => {
    const { app, clock } = testApp();
    const { created, providerRef: aghanimId } = await order();
    const captured = aghanim.webhook('order.paid', aghanimId);
    const signedAt = Number(captured.headers['x-aghanim-signature-timestamp']);
    // Replayed by someone who captured it, after the window.
    const saved = clock.now;
    clock.now = (signedAt + 301) * 1000;
    try {
      const response = await postAghanim(app, captured);
      expect([response.statusCode, response.json().ErrorCode]).toEqual([400, 'invalid_token']);
    } finally {
      clock.now = saved;
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('grants nothing for a signed order.paid of another amount or currency, or of a sandbox order on a live setup (row 26)', async () => {
    const { app } = testApp();
    const { created, providerRef: aghanimId } = await order();
    for (const overrides of [{ amount: 1 }, { currency: 'USD' }]) {
      const response = await postAghanim(app, aghanim.webhook('order.paid', aghanimId, overrides));
      expect(response.statusCode).toBe(200);
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  it('cancels on order.canceled; the poll then says Cancelled', async () => {
    const { created, providerRef: aghanimId } = await order();
    expect(await aghanim.cancel(aghanimId)).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('Cancelled');
    expect((await polled(created.TransactionId)).json().Status).toBe('Cancelled');
  });

  it('takes a refund made in the dashboard after fulfilment (row 29)', async () => {
    const { app } = testApp();
    const { created, providerRef: aghanimId } = await order();
    await aghanim.pay(aghanimId);
    await app.runOutbox();
    expect(await detailed(created.TransactionId)).toBe('Completed');
    expect(await aghanim.refundInDashboard(aghanimId)).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
  });

  it('expires the order when the player gives up, and refunds a payment that lands afterwards (row 20)', async () => {
    const { app } = testApp();
    const { created, providerRef: aghanimId } = await order();
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.json().Order).toMatchObject({ DetailedStatus: 'Cancelled' });
    expect(aghanim.calls('PATCH', `/orders/${aghanimId}/expire`)).toHaveLength(1);
    // Paid at Aghanim a moment before it expired: the webhook still arrives.
    paidAtAghanim(aghanimId);
    expect((await postAghanim(app, aghanim.webhook('order.paid', aghanimId))).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    await app.runOutbox();
    expect(aghanim.calls('POST', `/orders/${aghanimId}/refund`)).toHaveLength(1);
    expect(aghanim.orders.get(aghanimId)?.status).toBe('refunded');
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  it('keeps waiting when the player closes the tab after Aghanim took the payment', async () => {
    const { app } = testApp();
    const { created, providerRef: aghanimId } = await order();
    paidAtAghanim(aghanimId);
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('answers the status poll only for Aghanim orders, by a well-formed id', async () => {
    const unknown = await polled('ord_aaaaaaaaaaaaaaaaaaaaaa');
    expect([unknown.statusCode, unknown.json().ErrorCode]).toEqual([404, 'not_found']);
    const malformed = await polled('12345');
    expect([malformed.statusCode, malformed.json().ErrorCode]).toEqual([400, 'validation_failed']);
  });
});

describeEachEngine('aghanim on a live setup', (engine) => {
  const aghanim = useFakeAghanim();
  const game = useGameServer('gem-garden');
  // Before the app starts: this deployment takes real payments only.
  beforeAll(() => {
    aghanim.config.sandbox = false;
  });
  const testApp = useTestApp(engine, {
    store: { ...game.store, paymentProviders: ['aghanim'], providers: { aghanim: aghanim.config } },
  });

  it('never acts on a sandbox order (platform-protocols.md R2)', async () => {
    const { app } = testApp();
    aghanim.now = () => testApp().clock.now;
    const token = await signIn(app, testApp().database.handle.db, 'aghanim-live@example.com');
    const created = await storePost(
      app,
      '/create_payment',
      { Game: 'gem-garden', Sku: 'gems_50', WebPublishingPlatform: 'FxId', EmbeddingType: 'Embed' },
      token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const row = await orderOf(testApp().database.handle.db, created.json().TransactionId);
    // The fake marks its webhooks sandbox: true, as Aghanim does for a sandbox order.
    const response = await postAghanim(app, aghanim.webhook('order.paid', row.provider_ref as string));
    expect(response.json()).toEqual({ Received: true, Duplicate: false });
    expect((await orderOf(testApp().database.handle.db, row.public_id)).status).toBe('WaitingForPayment');
  });
});
