import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_CATALOG, TEST_START, useTestApp } from '../../../../test/app.js';
import { nextIp } from '../../../../test/connect-invites.js';
import { describeEachEngine } from '../../../../test/databases.js';
import { DECLINED_CARD, useFakeBank131 } from '../../../../test/fake-bank131.js';
import { signIn } from '../../../../test/sign-in.js';
import { optimisticStatus, orderOf, storePost, useGameServer } from '../../../../test/store.js';
import { readCatalogFile } from '../../../catalog/catalog-file.js';
import { importCatalog } from '../../../catalog/catalog-import.js';

const WEBHOOK = '/api/v1/store/webhooks/bank131';

const flipFirst = (text: string) => `${text.startsWith('A') ? 'B' : 'A'}${text.slice(1)}`;

function postNotification(app: FastifyInstance, body: string, headers: Record<string, string>) {
  return app.inject({ method: 'POST', url: WEBHOOK, payload: body, headers, remoteAddress: nextIp() });
}

/**
 * Bank131 through fxid's provider against a fake of its API on loopback: requests signed with
 * our RSA key, notifications signed with the bank's, verified on the raw body. The card payment
 * form `/{token}` pays with the widget's card token, the saved card, or SBP (rows 19, 26, 29 of
 * security.md §12; forged, replayed and amount-altered notifications each refused). gem-garden
 * enables only Bank131 here, and is priced in roubles so that SBP is offered.
 */
describeEachEngine('bank131 payments', (engine) => {
  const bank = useFakeBank131();
  const game = useGameServer('gem-garden');
  const testApp = useTestApp(engine, {
    store: { ...game.store, paymentProviders: ['bank131'], providers: { bank131: bank.config } },
  });
  beforeAll(async () => {
    const catalog = await readCatalogFile(DEMO_CATALOG);
    const gemGarden = catalog.Games.find((entry) => entry.GameSystemName === 'gem-garden');
    if (!gemGarden) throw new Error('the demo catalog has no gem-garden');
    gemGarden.Store = {
      XsollaEnabled: false,
      YookassaEnabled: false,
      StripeEnabled: false,
      Bank131Enabled: true,
      AghanimEnabled: false,
      MoneyMailRuEnabled: false,
    };
    for (const product of gemGarden.Products ?? []) product.Price = { Amount: 9900, Currency: 'RUB' };
    await importCatalog(testApp().database.handle.db, catalog, TEST_START);
    bank.target = async (body, headers) => (await postNotification(testApp().app, body, headers)).statusCode;
  });
  const tokens = new Map<string, string>();
  const player = async (email = 'bank131-payer@example.com') => {
    const known = tokens.get(email);
    if (known) return known;
    const token = await signIn(testApp().app, testApp().database.handle.db, email);
    tokens.set(email, token);
    return token;
  };
  const order = async (email?: string) => {
    const response = await storePost(
      testApp().app,
      '/create_payment',
      { Game: 'gem-garden', Sku: 'gems_50', WebPublishingPlatform: 'FxId', EmbeddingType: 'Redirect' },
      await player(email),
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json();
    const url = new URL(created.Bank131.FormUrl);
    const formToken = url.pathname.slice(1);
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    return { created, formToken, sessionId: row.provider_ref as string };
  };
  const form = (formToken: string, publicId: string) =>
    testApp().app.inject({
      method: 'GET',
      url: `/api/v1/bank131/form/${formToken}?PublicId=${publicId}&Locale=ru`,
      remoteAddress: nextIp(),
    });
  const pay = (formToken: string, payload: object) =>
    testApp().app.inject({
      method: 'POST',
      url: `/api/v1/bank131/form/${formToken}`,
      payload,
      remoteAddress: nextIp(),
    });
  const detailed = async (id: string, email?: string) =>
    (
      await storePost(
        testApp().app,
        '/get_payment_status',
        { Game: 'gem-garden', TransactionId: id },
        await player(email),
      )
    ).json().Order.DetailedStatus;
  const deliveries = (orderId: string) =>
    game.server().received.filter((r) => JSON.parse(r.body).TransactionId === orderId);
  const eventsTaken = async () =>
    (await testApp().database.handle.db.selectFrom('payment_events').select('id').execute()).length;

  /** Pays the order's form with a card the widget tokenized, and lets the bank's notifications land. */
  const payByCard = async (formToken: string, publicId: string, number = '4242424242424242') => {
    const answer = await pay(formToken, { PublicId: publicId, Choice: 'Pay', CardToken: bank.cardToken(number) });
    expect(answer.statusCode, answer.body).toBe(200);
    return bank.flush();
  };

  it('creates a signed session priced from the catalog and shows its form with the bank, product and receipt address', async () => {
    const { created, formToken, sessionId } = await order();
    expect(created).toMatchObject({ Merchant: 'bank131', OrderPrice: { Amount: 9900, Currency: 'RUB' } });
    expect(created.Bank131).toMatchObject({ ApiType: 'Bank131', DemoMode: true });
    expect(created.ConfirmationUrl).toBe(created.Bank131.FormUrl);
    expect(created.Bank131.FormUrl).toBe(`http://localhost:8080/${formToken}?PublicId=${created.TransactionId}`);
    const call = bank.calls('api/v1/session/create').at(-1);
    expect(call?.body).toEqual({
      amount_details: { amount: 9900, currency: 'rub' },
      customer: { reference: expect.any(String) },
      metadata: created.TransactionId,
    });
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    expect(call?.headers['x-partner-idempotency-key']).toBe(`order:${row.id}:create-checkout`);
    expect(sessionId).toMatch(/^ps_/);
    await storePost(
      testApp().app,
      '/update-order-pi',
      {
        PublicOrderId: created.TransactionId,
        OrderPersonalInfo: { Email: 'buyer@mail.example', IsAutoConfirm: false },
      },
      await player(),
    );
    const shown = await form(formToken, created.TransactionId);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({
      Status: 'Open',
      Bank: { DemoMode: true, ApiType: 'Bank131' },
      Product: { Name: '50 gems', Currency: 'RUB' },
      Address: { User: 'buyer', Host: 'mail.example', Address: 'buyer@mail.example' },
      Widget: { PublicToken: expect.stringMatching(/^pt_/), ScriptUrl: bank.config.widgetUrl },
      Sbp: true,
      PublicId: created.TransactionId,
    });
    expect(shown.json().Card).toBeUndefined();
    // The token alone, or with another order's id, is no credential.
    const other = await order();
    expect((await form(formToken, other.created.TransactionId)).statusCode).toBe(404);
  });

  it('pays by card: confirms only after ready_to_confirm, fulfils once, and offers the card next time', async () => {
    const { app } = testApp();
    const { created, formToken, sessionId } = await order();
    const statuses = await payByCard(formToken, created.TransactionId);
    expect(statuses).toEqual([200, 200]);
    const start = bank.calls('api/v1/session/start/payment').at(-1);
    expect(start?.body).toMatchObject({
      session_id: sessionId,
      payment_details: { type: 'card', card: { type: 'tokenized_card' } },
      amount_details: { amount: 9900, currency: 'rub' },
    });
    expect(bank.calls('api/v1/session/confirm').at(-1)?.body).toEqual({ session_id: sessionId });
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
    expect((await form(formToken, created.TransactionId)).json().Status).toBe('Paid');
    // The next form offers the card; Pay without a token pays with it (the bank's recurrent token).
    const next = await order();
    expect((await form(next.formToken, next.created.TransactionId)).json().Card).toEqual({
      Brand: 'Visa',
      Last4: '4242',
    });
    expect((await pay(next.formToken, { PublicId: next.created.TransactionId, Choice: 'Pay' })).statusCode).toBe(200);
    expect(bank.calls('api/v1/session/start/payment').at(-1)?.body).toMatchObject({
      payment_details: { type: 'recurrent', recurrent: { token: expect.stringMatching(/^rt_/) } },
    });
    await bank.flush();
    expect(await detailed(next.created.TransactionId)).toBe('PayedWaitingForSending');
    // Another buyer is offered nothing, and cannot pay without a card.
    const stranger = await order('bank131-stranger@example.com');
    expect((await form(stranger.formToken, stranger.created.TransactionId)).json().Card).toBeUndefined();
    const refused = await pay(stranger.formToken, { PublicId: stranger.created.TransactionId, Choice: 'Pay' });
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([400, 'validation_failed']);
  });

  it('cancels the order on a declined card and on Cancel, and a started form cannot be paid again', async () => {
    const declined = await order();
    await payByCard(declined.formToken, declined.created.TransactionId, DECLINED_CARD);
    expect(await detailed(declined.created.TransactionId)).toBe('Cancelled');
    expect((await form(declined.formToken, declined.created.TransactionId)).json().Status).toBe('Declined');
    const again = await pay(declined.formToken, {
      PublicId: declined.created.TransactionId,
      Choice: 'Pay',
      CardToken: bank.cardToken('4242424242424242'),
    });
    expect([again.statusCode, again.json().ErrorCode]).toEqual([409, 'conflict']);

    const cancelled = await order();
    const answer = await pay(cancelled.formToken, { PublicId: cancelled.created.TransactionId, Choice: 'Abandon' });
    expect(answer.json()).toEqual({ Success: true, Data: { Success: false } });
    await bank.flush();
    expect(await detailed(cancelled.created.TransactionId)).toBe('Cancelled');
    expect((await form(cancelled.formToken, cancelled.created.TransactionId)).json().Status).toBe('Cancelled');
  });

  it('pays by SBP: the QR the bank issues, then payment_finished when the buyer pays it', async () => {
    const { created, formToken, sessionId } = await order();
    const sbp = () =>
      testApp().app.inject({
        method: 'POST',
        url: '/api/v1/bank131/pay_with_sbp',
        payload: { Token: formToken, PublicId: created.TransactionId },
        remoteAddress: nextIp(),
      });
    const first = await sbp();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ Qr: null });
    expect(bank.calls('api/v1/session/start/payment').at(-1)?.body).toMatchObject({
      payment_details: { type: 'faster_payment_system' },
    });
    await bank.flush();
    const issued = await sbp();
    expect(issued.json().Qr.Content).toMatch(/^https:\/\/qr\.nspk\.ru\//);
    // Asking again starts nothing new.
    expect(bank.calls('api/v1/session/start/payment').filter((c) => c.body.session_id === sessionId)).toHaveLength(1);
    expect((await form(formToken, created.TransactionId)).json().Status).toBe('Processing');
    bank.sbpPaid(sessionId);
    await bank.flush();
    expect(await detailed(created.TransactionId)).toBe('PayedWaitingForSending');
  });

  it('refuses a forged notification: no bank signature, or a wrong one (security.md §0, §12)', async () => {
    const { app } = testApp();
    const { created, formToken, sessionId } = await order();
    await pay(formToken, {
      PublicId: created.TransactionId,
      Choice: 'Pay',
      CardToken: bank.cardToken('4242424242424242'),
    });
    const session = structuredClone(bank.requireSession(sessionId));
    Object.assign(session, { status: 'accepted' });
    if (session.acquiring_payments?.[0]) session.acquiring_payments[0].status = 'succeeded';
    const genuine = bank.signed('payment_finished', session);
    const before = await eventsTaken();
    const refusals: Record<string, string>[] = [
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json', 'x-partner-sign': 'AAAA' },
      // The bank's signature with its first character changed.
      { 'content-type': 'application/json', 'x-partner-sign': flipFirst(genuine.headers['x-partner-sign'] ?? '') },
    ];
    for (const headers of refusals) {
      const answer = await postNotification(app, genuine.body, headers);
      expect([answer.statusCode, answer.json().ErrorCode]).toEqual([400, 'invalid_token']);
    }
    expect(await eventsTaken()).toBe(before);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('refuses an amount-altered notification, and grants nothing for a bank-signed one of another amount (row 26)', async () => {
    const { app } = testApp();
    const { created, formToken, sessionId } = await order();
    await pay(formToken, {
      PublicId: created.TransactionId,
      Choice: 'Pay',
      CardToken: bank.cardToken('4242424242424242'),
    });
    const session = structuredClone(bank.requireSession(sessionId));
    Object.assign(session, { status: 'accepted' });
    const payment = session.acquiring_payments?.[0];
    if (!payment) throw new Error('no payment');
    payment.status = 'succeeded';
    const genuine = bank.signed('payment_finished', session);
    // The amount changed after signing: the signature no longer covers the bytes.
    const altered = genuine.body.replaceAll('"amount":9900', '"amount":1');
    expect(altered).not.toBe(genuine.body);
    const refused = await postNotification(app, altered, genuine.headers);
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([400, 'invalid_token']);
    // Properly signed, but for 1 kopeck: taken, yet nothing is granted.
    payment.amount_details = { amount: 1, currency: 'rub' };
    const cheap = bank.signed('payment_finished', session);
    expect((await postNotification(app, cheap.body, cheap.headers)).statusCode).toBe(200);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
    // And ready_to_confirm for another amount is cancelled at the bank, never confirmed.
    const other = await order();
    await pay(other.formToken, {
      PublicId: other.created.TransactionId,
      Choice: 'Pay',
      CardToken: bank.cardToken('4242424242424242'),
    });
    const otherSession = structuredClone(bank.requireSession(other.sessionId));
    if (otherSession.acquiring_payments?.[0])
      otherSession.acquiring_payments[0].amount_details = { amount: 1, currency: 'rub' };
    const confirmCalls = bank.calls('api/v1/session/confirm').length;
    const lowball = bank.signed('ready_to_confirm', otherSession);
    expect((await postNotification(app, lowball.body, lowball.headers)).statusCode).toBe(200);
    expect(bank.calls('api/v1/session/confirm')).toHaveLength(confirmCalls);
    expect(bank.calls('api/v1/session/cancel').at(-1)?.body).toEqual({ session_id: other.sessionId });
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });

  /** Pays by card and lets ready_to_confirm land, but holds the payment_finished it causes. */
  const payAndHoldFinished = async (formToken: string, publicId: string) => {
    const { app } = testApp();
    const held: { body: string; headers: Record<string, string> }[] = [];
    const deliver = bank.target;
    bank.target = async (body, headers) => {
      if (JSON.parse(body).type === 'payment_finished') {
        held.push({ body, headers });
        return 200;
      }
      return (await postNotification(app, body, headers)).statusCode;
    };
    await pay(formToken, { PublicId: publicId, Choice: 'Pay', CardToken: bank.cardToken('4242424242424242') });
    await bank.flush();
    bank.target = deliver;
    // Earlier tests' sessions may finish in the same flush; this one's is the last.
    const finished = held.at(-1);
    if (!finished) throw new Error('the bank sent no payment_finished');
    return finished;
  };

  it('takes a replayed notification once, and 50 concurrent deliveries fulfil once (rows 19, 27)', async () => {
    const { app } = testApp();
    const { created, formToken } = await order();
    const finished = await payAndHoldFinished(formToken, created.TransactionId);
    const before = await eventsTaken();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => postNotification(app, finished.body, finished.headers)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => !response.json().Duplicate)).toHaveLength(1);
    expect(await eventsTaken()).toBe(before + 1);
    const replay = await postNotification(app, finished.body, finished.headers);
    expect(replay.json()).toEqual({ Received: true, Duplicate: true });
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(created.TransactionId)).toHaveLength(1);
  });

  it('refunds through the bank when the payment lands after the player gave the order up (row 29)', async () => {
    const { app } = testApp();
    const { created, formToken, sessionId } = await order();
    await pay(formToken, {
      PublicId: created.TransactionId,
      Choice: 'Pay',
      CardToken: bank.cardToken('4242424242424242'),
    });
    // The bank is already processing the card when the player closes the form: it cannot cancel.
    const processing = bank.requireSession(sessionId).acquiring_payments?.[0];
    if (processing) processing.status = 'in_progress';
    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.json().Order).toMatchObject({ DetailedStatus: 'Cancelled' });
    await bank.flush();
    expect(await detailed(created.TransactionId)).toBe('CancelledPaid');
    await app.runOutbox();
    expect(bank.calls('api/v1/session/refund').at(-1)?.body).toEqual({
      session_id: sessionId,
      amount_details: { amount: 9900, currency: 'rub' },
    });
    expect(await bank.flush()).toEqual([200]);
    expect(deliveries(created.TransactionId)).toHaveLength(0);
  });
});
