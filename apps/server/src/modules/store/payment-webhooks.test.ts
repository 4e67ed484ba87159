import { expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn } from '../../test/sign-in.js';
import {
  checkoutIdOf,
  createPayment,
  orderOf,
  postNotification,
  sandboxNotification,
  storePost,
  useGameServer,
} from '../../test/store.js';
import { notifyOwnEndpoint } from './payment-webhook-routes.js';
import { createSandboxProvider } from './providers/sandbox/sandbox.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from './providers/sandbox/sandbox-config.js';

/** Attack rows 17–20 and 25–28 of security.md §12 against the sandbox provider's notifications. */
describeEachEngine('payment notifications', (engine) => {
  const game = useGameServer('sky-runner');
  const testApp = useTestApp(engine, { store: game.store });
  let token = '';
  let eventCounter = 0;
  const player = async () => {
    if (!token) token = await signIn(testApp().app, testApp().database.handle.db, 'payer@example.com');
    return token;
  };
  /** A fresh order waiting for payment, and a paid notification for it as the sandbox would send it. */
  const order = async (sku = 'stars_100') => {
    const created = await createPayment(testApp().app, await player(), 'sky-runner', sku);
    const event = (overrides: object = {}) => ({
      id: `evt_test_${engine}_${eventCounter++}`,
      type: 'payment.succeeded',
      checkout: checkoutIdOf(created),
      order: created.TransactionId as string,
      amount: created.OrderPrice.Amount as number,
      currency: created.OrderPrice.Currency as string,
      ...overrides,
    });
    return { created, event };
  };
  const detailed = async (id: string) =>
    (
      await storePost(testApp().app, '/get_payment_status', { Game: 'sky-runner', TransactionId: id }, await player())
    ).json().Order.DetailedStatus;
  const fulfilmentJobs = async (orderId: string) => {
    const db = testApp().database.handle.db;
    const row = await orderOf(db, orderId);
    const jobs = await db.selectFrom('outbox').select('payload_json').where('kind', '=', 'order_fulfilment').execute();
    return jobs.filter((job) => JSON.parse(job.payload_json).orderId === row.id).length;
  };
  const paidTransitions = async (orderId: string) => {
    const db = testApp().database.handle.db;
    const rows = await db
      .selectFrom('order_transitions')
      .innerJoin('orders', 'orders.id', 'order_transitions.order_id')
      .select('order_transitions.id')
      .where('orders.public_id', '=', orderId)
      .where('order_transitions.to_status', '=', 'PayedWaitingForSending')
      .execute();
    return rows.length;
  };

  it('takes a correctly signed notification', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const { body, signature } = sandboxNotification(event(), { nowMs: clock.now });
    const response = await postNotification(app, body, signature);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Received: true, Duplicate: false });
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
  });

  it('refuses forged, stale, future, unsigned and re-serialized notifications without any change (row 17)', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const eventsTaken = async () =>
      (await testApp().database.handle.db.selectFrom('payment_events').select('id').execute()).length;
    const eventsBefore = await eventsTaken();
    const good = sandboxNotification(event(), { nowMs: clock.now });
    const nowSeconds = Math.floor(clock.now / 1000);
    const flipped = good.signature.replace(/v1=(.)/, (_m, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    const cases: [string, string, string | undefined][] = [
      ['flipped signature', good.body, flipped],
      ['wrong secret', good.body, sandboxNotification(event(), { nowMs: clock.now, secret: 'x'.repeat(32) }).signature],
      [
        'older than 300 s',
        sandboxNotification(event(), { nowMs: clock.now, timestampSeconds: nowSeconds - 301 }).body,
        sandboxNotification(event(), { nowMs: clock.now, timestampSeconds: nowSeconds - 301 }).signature,
      ],
      ['missing header', good.body, undefined],
      ['no v1', good.body, `t=${nowSeconds}`],
      ['re-serialized body', JSON.stringify(JSON.parse(good.body), null, 2), good.signature],
      ['amount changed after signing', good.body.replace(/"amount":\d+/, '"amount":1'), good.signature],
    ];
    const stale = sandboxNotification(event(), { nowMs: clock.now, timestampSeconds: nowSeconds - 301 });
    cases[2] = ['older than 300 s', stale.body, stale.signature];
    const future = sandboxNotification(event(), { nowMs: clock.now, timestampSeconds: nowSeconds + 301 });
    cases.push(['more than 300 s ahead', future.body, future.signature]);
    for (const [name, body, signature] of cases) {
      const response = await postNotification(app, body, signature);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().ErrorCode, name).toBe('invalid_token');
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    expect(await eventsTaken()).toBe(eventsBefore);
  });

  it('refuses in process (the sandbox posting to its own endpoint) exactly what the HTTP endpoint refuses', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const db = testApp().database.handle.db;
    const sandbox = createSandboxProvider({
      db,
      now: () => clock.now,
      secrets: [DEV_SANDBOX_WEBHOOK_SECRET],
      checkoutUrl: (id) => id,
      send: async () => 200,
    });
    const ctx = {
      config: { trustProxy: false },
      db,
      now: () => clock.now,
      payments: { get: (key: string) => (key === 'sandbox' ? sandbox : undefined) },
    } as unknown as AppContext;
    const own = notifyOwnEndpoint(ctx, app.log);
    const good = sandboxNotification(event(), { nowMs: clock.now });
    const json = { 'content-type': 'application/json' };
    const cases: [string, string, string, Record<string, string>][] = [
      [
        'forged signature',
        'sandbox',
        good.body,
        { ...json, 'sandbox-signature': good.signature.replace(/.$/, (last) => (last === '0' ? '1' : '0')) },
      ],
      ['no signature', 'sandbox', good.body, json],
      [
        'body changed after signing',
        'sandbox',
        good.body.replace(/"amount":\d+/, '"amount":1'),
        { ...json, 'sandbox-signature': good.signature },
      ],
      ['text body', 'sandbox', good.body, { 'content-type': 'text/plain', 'sandbox-signature': good.signature }],
      ['provider not configured', 'stripe', good.body, { ...json, 'sandbox-signature': good.signature }],
      ['no such provider', 'nobody', good.body, { ...json, 'sandbox-signature': good.signature }],
      ['too large', 'sandbox', 'x'.repeat(64 * 1024 + 1), { ...json, 'sandbox-signature': good.signature }],
    ];
    for (const [name, provider, payload, headers] of cases) {
      const http = await app.inject({ method: 'POST', url: `/api/v1/store/webhooks/${provider}`, headers, payload });
      expect(await own(provider, payload, headers), name).toBe(http.statusCode);
      expect(http.statusCode, name).toBeGreaterThanOrEqual(400);
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('accepts a header with several v1 signatures while a secret rotates (row 18)', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const { body, signature } = sandboxNotification(event(), { nowMs: clock.now });
    const [t, v1] = signature.split(',');
    const response = await postNotification(app, body, `${t},v1=${'ab'.repeat(32)},${v1}`);
    expect(response.statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
  });

  it('takes a replayed notification once (row 19)', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const { body, signature } = sandboxNotification(event(), { nowMs: clock.now });
    expect((await postNotification(app, body, signature)).json()).toEqual({ Received: true, Duplicate: false });
    expect((await postNotification(app, body, signature)).json()).toEqual({ Received: true, Duplicate: true });
    expect(await fulfilmentJobs(created.TransactionId)).toBe(1);
  });

  it('fulfils once under 50 concurrent duplicate notifications (rows 19, 27)', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const { body, signature } = sandboxNotification(event(), { nowMs: clock.now });
    const responses = await Promise.all(Array.from({ length: 50 }, () => postNotification(app, body, signature)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => !response.json().Duplicate)).toHaveLength(1);
    expect(await fulfilmentJobs(created.TransactionId)).toBe(1);
    expect(await paidTransitions(created.TransactionId)).toBe(1);

    await app.runOutbox();
    await app.runOutbox();
    const deliveries = game.server().received.filter((r) => JSON.parse(r.body).TransactionId === created.TransactionId);
    expect(deliveries).toHaveLength(1);
    expect(await detailed(created.TransactionId)).toBe('Completed');
  });

  it('fulfils once under 20 concurrent notifications with different event ids for one payment (row 27)', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => {
        const { body, signature } = sandboxNotification(event(), { nowMs: clock.now });
        return postNotification(app, body, signature);
      }),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await fulfilmentJobs(created.TransactionId)).toBe(1);
    expect(await paidTransitions(created.TransactionId)).toBe(1);
  });

  it('grants nothing when the provider reports another amount or currency (row 26)', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    for (const overrides of [{ amount: 1 }, { currency: 'EUR' }]) {
      const { body, signature } = sandboxNotification(event(overrides), { nowMs: clock.now });
      expect((await postNotification(app, body, signature)).statusCode).toBe(200);
    }
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    const outcomes = await testApp()
      .database.handle.db.selectFrom('payment_events')
      .select('outcome')
      .where('outcome', 'like', 'ignored: charged%')
      .execute();
    expect(outcomes.length).toBeGreaterThanOrEqual(2);
  });

  it('ignores a notification for another checkout of the same order id', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const { body, signature } = sandboxNotification(event({ checkout: `sbx_${'A'.repeat(32)}` }), { nowMs: clock.now });
    expect((await postNotification(app, body, signature)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('keeps the state machine consistent for out-of-order events (row 20)', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    const send = async (overrides: object) => {
      const { body, signature } = sandboxNotification(event(overrides), { nowMs: clock.now });
      return postNotification(app, body, signature);
    };
    // Refund before paid: nothing to refund.
    await send({ type: 'payment.refunded' });
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    // Abandoned, then paid after all: the order stays given up and the money goes back.
    await send({ type: 'checkout.abandoned' });
    expect(await detailed(created.TransactionId)).toBe('Cancelled');
    // The provider took the money after all (its side of the checkout says so).
    await testApp()
      .database.handle.db.updateTable('sandbox_payments')
      .set({ status: 'paid' })
      .where('id', '=', checkoutIdOf(created))
      .execute();
    await send({ type: 'payment.succeeded' });
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    await app.runOutbox();
    const checkout = await testApp()
      .database.handle.db.selectFrom('sandbox_payments')
      .select('status')
      .where('id', '=', checkoutIdOf(created))
      .executeTakeFirstOrThrow();
    expect(checkout.status).toBe('refunded');
    expect(await fulfilmentJobs(created.TransactionId)).toBe(0);
  });

  it('ends a delivered order CancelledPaid when it is refunded', async () => {
    const { app, clock } = testApp();
    const { created, event } = await order();
    for (const type of ['payment.succeeded', 'payment.refunded']) {
      const { body, signature } = sandboxNotification(event({ type }), { nowMs: clock.now });
      await postNotification(app, body, signature);
      if (type === 'payment.succeeded') {
        await app.runOutbox();
        expect(await detailed(created.TransactionId)).toBe('Completed');
      }
    }
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
  });

  it('refuses notifications for unknown or unconfigured providers and bodies that are not JSON', async () => {
    const { app } = testApp();
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/v1/store/webhooks/paypal',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.statusCode).toBe(400);
    const unconfigured = await app.inject({
      method: 'POST',
      url: '/api/v1/store/webhooks/stripe',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(unconfigured.statusCode).toBe(404);
    expect(unconfigured.json().ErrorCode).toBe('not_found');
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/store/webhooks/sandbox',
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    const huge = await app.inject({
      method: 'POST',
      url: '/api/v1/store/webhooks/sandbox',
      payload: `"${'a'.repeat(70_000)}"`,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
  });
});
