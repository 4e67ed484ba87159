import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { describeEachEngine } from '../../../../test/databases.js';
import { FAKE_STRIPE_KEYS, stripeEvent, stripeSignature, useFakeStripe } from '../../../../test/fake-stripe.js';
import { signIn } from '../../../../test/sign-in.js';
import { optimisticStatus, orderOf, storePost, useGameServer } from '../../../../test/store.js';
import { STRIPE_API_VERSION } from './stripe.js';

function postStripe(app: FastifyInstance, body: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/store/webhooks/stripe',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

/**
 * Stripe Checkout through the real `stripe` client against a fake Stripe API on
 * loopback; webhooks signed with the SDK's generateTestHeaderString. Attack rows
 * 17–20 and 25–28 of security.md §12.
 */
describeEachEngine('stripe payments', (engine) => {
  const stripe = useFakeStripe();
  const game = useGameServer('sky-runner');
  const testApp = useTestApp(engine, {
    store: { ...game.store, paymentProviders: ['stripe'], providers: { stripe: stripe.config } },
  });
  let token = '';
  const player = async () => {
    if (!token) token = await signIn(testApp().app, testApp().database.handle.db, 'stripe-payer@example.com');
    return token;
  };
  const nowSeconds = () => Math.floor(testApp().clock.now / 1000);

  /** A fresh embedded Stripe order, and signed webhooks about its session. */
  const order = async (sku = 'stars_100', EmbeddingType = 'Embed') => {
    const response = await storePost(
      testApp().app,
      '/create_payment',
      { Game: 'sky-runner', Sku: sku, WebPublishingPlatform: 'FxId', EmbeddingType },
      await player(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json();
    const sessionId = created.Stripe.SessionId as string;
    /** The session as Stripe would put it in an event: the fake's copy, paid unless told otherwise. */
    const session = (overrides: object = {}) => ({ ...stripe.requireSession(sessionId), ...overrides });
    const webhook = (type: string, object: object, options: { id?: string; t?: number; secret?: string } = {}) => {
      const body = stripeEvent(type, object, nowSeconds(), options.id);
      return { body, signature: stripeSignature(body, options.t ?? nowSeconds(), options.secret) };
    };
    const paid = (options: { id?: string } = {}) => {
      stripe.pay(sessionId);
      return webhook('checkout.session.completed', session(), options);
    };
    return { created, sessionId, session, webhook, paid };
  };
  const detailed = async (id: string) =>
    (
      await storePost(testApp().app, '/get_payment_status', { Game: 'sky-runner', TransactionId: id }, await player())
    ).json().Order.DetailedStatus;
  const deliveries = (orderId: string) =>
    game.server().received.filter((r) => JSON.parse(r.body).TransactionId === orderId);
  const eventsTaken = async () =>
    (await testApp().database.handle.db.selectFrom('payment_events').select('id').execute()).length;

  it('opens an embedded Checkout Session priced from the catalog, with the client secret and publishable key', async () => {
    const before = stripe.calls('POST', '/v1/checkout/sessions').length;
    const { created, sessionId } = await order('stars_550');
    expect(created).toMatchObject({
      Merchant: 'stripe',
      ConfirmationUrl: null,
      OrderPrice: { Amount: 499, Currency: 'USD' },
      Stripe: { PublishableKey: FAKE_STRIPE_KEYS.publishableKey, SessionId: sessionId },
    });
    expect(created.Stripe.SessionClientSecret).toMatch(new RegExp(`^${sessionId}_secret_`));
    expect(created.Sandbox).toBeUndefined();
    const calls = stripe.calls('POST', '/v1/checkout/sessions');
    expect(calls).toHaveLength(before + 1);
    const call = calls.at(-1);
    expect(call?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(call?.headers.authorization).toBe(`Bearer ${FAKE_STRIPE_KEYS.secretKey}`);
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    expect(row).toMatchObject({ provider: 'stripe', provider_ref: sessionId });
    expect(call?.headers['idempotency-key']).toBe(`order:${row.id}:create-checkout`);
    expect(call?.params).toMatchObject({
      mode: 'payment',
      ui_mode: 'embedded_page',
      redirect_on_completion: 'if_required',
      return_url: `http://localhost:8080/Store/Return/${created.TransactionId}`,
      client_reference_id: created.TransactionId,
      metadata: { PublicOrderId: created.TransactionId },
      payment_intent_data: { metadata: { PublicOrderId: created.TransactionId } },
      line_items: [
        { quantity: '1', price_data: { currency: 'usd', unit_amount: '499', product_data: { name: '550 stars' } } },
      ],
    });
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('sends Redirect checkouts to a hosted Checkout page', async () => {
    const { created } = await order('stars_100', 'Redirect');
    expect(created.ConfirmationUrl).toBe(`https://checkout.stripe.com/c/pay/${created.Stripe.SessionId}`);
    expect(created.Stripe.SessionClientSecret).toBeNull();
    expect(stripe.calls('POST', '/v1/checkout/sessions').at(-1)?.params).toMatchObject({
      ui_mode: 'hosted_page',
      success_url: `http://localhost:8080/Store/Return/${created.TransactionId}`,
    });
  });

  it('ignores prices, currencies and quantities the client sends (row 26)', async () => {
    const before = stripe.requests.length;
    for (const extra of [
      { Price: 1 },
      { Amount: 1 },
      { Quantity: 1000 },
      { TotalPrice: { Amount: 1, Currency: 'USD' } },
    ]) {
      const response = await storePost(
        testApp().app,
        '/create_payment',
        { Game: 'sky-runner', Sku: 'stars_100', WebPublishingPlatform: 'FxId', EmbeddingType: 'Embed', ...extra },
        await player(),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().ErrorCode).toBe('validation_failed');
    }
    expect(stripe.requests.length).toBe(before);
  });

  it('pays and fulfils on a signed checkout.session.completed, once even when replayed (row 19)', async () => {
    const { app } = testApp();
    const { created, paid } = await order();
    const { body, signature } = paid();
    const first = await postStripe(app, body, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ Received: true, Duplicate: false });
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
    expect((await postStripe(app, body, signature)).json()).toEqual({ Received: true, Duplicate: true });
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
    expect(await detailed(created.TransactionId)).toBe('Completed');
    expect((await postStripe(app, body, signature)).json()).toEqual({ Received: true, Duplicate: true });
  });

  it('fulfils once under 50 concurrent duplicate deliveries of one event (rows 19, 27)', async () => {
    const { app } = testApp();
    const { created, paid } = await order();
    const { body, signature } = paid();
    const responses = await Promise.all(Array.from({ length: 50 }, () => postStripe(app, body, signature)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => !response.json().Duplicate)).toHaveLength(1);
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
    expect(await detailed(created.TransactionId)).toBe('Completed');
  });

  it('refuses forged, wrongly signed, stale, future, unsigned and edited webhooks without any change (row 17)', async () => {
    const { app } = testApp();
    const { created, paid, webhook, session } = await order();
    const good = paid();
    const before = await eventsTaken();
    const flipped = good.signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    const stale = webhook('checkout.session.completed', session(), { t: nowSeconds() - 301 });
    const future = webhook('checkout.session.completed', session(), { t: nowSeconds() + 301 });
    const wrongSecret = webhook('checkout.session.completed', session(), { secret: 'whsec_not_ours_0000000000' });
    const cases: [string, string, string | undefined][] = [
      ['flipped signature', good.body, flipped],
      ['wrong secret', wrongSecret.body, wrongSecret.signature],
      ['older than 300 s', stale.body, stale.signature],
      ['more than 300 s ahead', future.body, future.signature],
      ['missing header', good.body, undefined],
      ['no v1', good.body, `t=${nowSeconds()}`],
      ['no t', good.body, good.signature.replace(/^t=\d+,/, '')],
      ['re-serialized body', JSON.stringify(JSON.parse(good.body), null, 2), good.signature],
      ['amount edited after signing', good.body.replace(/"amount_total":\d+/, '"amount_total":1'), good.signature],
    ];
    for (const [name, body, signature] of cases) {
      const response = await postStripe(app, body, signature);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().ErrorCode, name).toBe('invalid_token');
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    expect(await eventsTaken()).toBe(before);
  });

  it('accepts the previous secret and a header with several v1 while a secret rotates (row 18)', async () => {
    const { app } = testApp();
    const old = await order();
    stripe.pay(old.sessionId);
    const byOld = old.webhook('checkout.session.completed', old.session(), {
      secret: FAKE_STRIPE_KEYS.webhookSecrets[1],
    });
    expect((await postStripe(app, byOld.body, byOld.signature)).statusCode).toBe(200);
    expect(await detailed(old.created.TransactionId)).toBe('PayedWaitingForSending');

    const both = await order();
    const { body, signature } = both.paid();
    const [t, v1] = signature.split(',');
    const response = await postStripe(app, body, `${t},v1=${'ab'.repeat(32)},${v1}`);
    expect(response.statusCode).toBe(200);
    expect(await detailed(both.created.TransactionId)).toBe('PayedWaitingForSending');
  });

  it('grants nothing when the event reports another amount or currency (row 26)', async () => {
    const { app } = testApp();
    const { created, paid, webhook, session } = await order();
    paid();
    for (const overrides of [{ amount_total: 1 }, { currency: 'eur' }, { amount_total: null }]) {
      const { body, signature } = webhook('checkout.session.completed', session(overrides));
      expect((await postStripe(app, body, signature)).statusCode).toBe(200);
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  it('ignores an event naming our order with another session', async () => {
    const { app } = testApp();
    const mine = await order();
    const other = await order();
    other.paid();
    const { body, signature } = other.webhook(
      'checkout.session.completed',
      other.session({ metadata: { PublicOrderId: mine.created.TransactionId } }),
    );
    expect((await postStripe(app, body, signature)).statusCode).toBe(200);
    expect(await detailed(mine.created.TransactionId)).toBe('WaitingForPayment');
  });

  it('waits for async_payment_succeeded when a completed checkout is not paid yet', async () => {
    const { app } = testApp();
    const { created, sessionId, webhook, session } = await order();
    const pending = webhook('checkout.session.completed', session({ status: 'complete', payment_status: 'unpaid' }));
    expect((await postStripe(app, pending.body, pending.signature)).json()).toEqual({
      Received: true,
      Duplicate: false,
    });
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    stripe.pay(sessionId);
    const settled = webhook('checkout.session.async_payment_succeeded', session());
    expect((await postStripe(app, settled.body, settled.signature)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
  });

  it('cancels on async_payment_failed and on expiry, and tells the portal which it was', async () => {
    const { app } = testApp();
    for (const [type, reason] of [
      ['checkout.session.async_payment_failed', 'Declined'],
      ['checkout.session.expired', 'UserCancelled'],
    ] as const) {
      const { created, webhook, session } = await order();
      const { body, signature } = webhook(type, session({ status: type.endsWith('expired') ? 'expired' : 'complete' }));
      expect((await postStripe(app, body, signature)).statusCode).toBe(200);
      expect(await detailed(created.TransactionId)).toBe('Cancelled');
      const polled = await storePost(
        app,
        '/get_payment_status',
        { TransactionId: created.TransactionId },
        await player(),
      );
      expect(polled.json()).toMatchObject({ Status: 'Cancelled', CancelReason: reason });
    }
  });

  it('acknowledges event types it does not act on', async () => {
    const { app } = testApp();
    const body = stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }, nowSeconds());
    const response = await postStripe(app, body, stripeSignature(body, nowSeconds()));
    expect(response.statusCode).toBe(200);
  });

  it('ends a delivered order CancelledPaid on a full refund, not on a partial one', async () => {
    const { app } = testApp();
    const { created, paid, webhook, session } = await order();
    const { body, signature } = paid();
    await postStripe(app, body, signature);
    await app.runOutbox();
    expect(await detailed(created.TransactionId)).toBe('Completed');
    const charge = (refunded: boolean) => ({
      id: `ch_${refunded ? 'full' : 'part'}`,
      object: 'charge',
      amount: 99,
      amount_refunded: refunded ? 99 : 10,
      currency: 'usd',
      refunded,
      payment_intent: session().payment_intent,
    });
    const partial = webhook('charge.refunded', charge(false));
    expect((await postStripe(app, partial.body, partial.signature)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('Completed');
    const full = webhook('charge.refunded', charge(true));
    expect((await postStripe(app, full.body, full.signature)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    expect(
      stripe
        .calls('GET', '/v1/checkout/sessions')
        .some((call) => call.params.payment_intent === session().payment_intent),
    ).toBe(true);
  });

  it('refunds through the refunds API when the payment lands after the order was given up (row 20)', async () => {
    const { app } = testApp();
    const { created, sessionId, paid, webhook, session } = await order();
    // Out of order (row 20): a refund before payment does nothing; expiry, then payment after all.
    const early = webhook('charge.refunded', {
      id: 'ch_early',
      object: 'charge',
      refunded: true,
      payment_intent: null,
    });
    expect((await postStripe(app, early.body, early.signature)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    const expired = webhook('checkout.session.expired', session({ status: 'expired' }));
    await postStripe(app, expired.body, expired.signature);
    expect(await detailed(created.TransactionId)).toBe('Cancelled');
    const late = paid();
    expect((await postStripe(app, late.body, late.signature)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    await app.runOutbox();
    const refunds = stripe.calls('POST', '/v1/refunds');
    const refund = refunds.find(
      (call) => call.params.payment_intent === stripe.requireSession(sessionId).payment_intent,
    );
    expect(refund?.headers['idempotency-key']).toBe(`refund:${sessionId}`);
    expect(refund?.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  it('never takes the client at its word: no webhook, no entitlement (row 25)', async () => {
    const { app } = testApp();
    const { created, sessionId } = await order();
    const claim = await optimisticStatus(app, created.TransactionId, 'Completed', await player());
    expect(claim.statusCode).toBe(409);
    // Stripe says it is paid, the webhook is on its way: a client "cancel" does not undo it.
    stripe.pay(sessionId);
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    expect(stripe.calls('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(0);
  });

  it('expires the Stripe session when the player closes an unpaid checkout', async () => {
    const { app } = testApp();
    const { created, sessionId } = await order();
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.json().Order).toMatchObject({ DetailedStatus: 'Cancelled' });
    expect(stripe.calls('POST', `/v1/checkout/sessions/${sessionId}/expire`)).toHaveLength(1);
    expect(stripe.requireSession(sessionId).status).toBe('expired');
  });
});
