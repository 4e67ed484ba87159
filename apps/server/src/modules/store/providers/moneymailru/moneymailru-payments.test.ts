import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { describeEachEngine } from '../../../../test/databases.js';
import { FAKE_MONEYMAILRU_KEYS, useFakeMoneyMailRu } from '../../../../test/fake-moneymailru.js';
import { optimisticStatus, useGameServer, useGemGardenBuyer } from '../../../../test/store.js';
import type { FakeMoneyMailRuNotification } from './moneymailru-fake.js';
import { lightFormSignature } from './moneymailru-signature.js';

function postMailRu(app: FastifyInstance, { body, headers }: FakeMoneyMailRuNotification) {
  return app.inject({ method: 'POST', url: '/api/v1/store/webhooks/moneymailru', payload: body, headers });
}

const accepted = (item: string) => `item_number=${item}\nstatus=ACCEPTED`;
const rejected = (item: string, code: string) => `item_number=${item}\nstatus=REJECTED\ncode=${code}`;

/**
 * Money.Mail.Ru through fxid's provider against the fake on loopback (its light payment form,
 * its merchant API and notifications signed as Money.Mail.Ru signs them). Attack rows 19, 20,
 * 26 and 29 of security.md §12 as they apply to Money.Mail.Ru.
 */
describeEachEngine('money.mail.ru payments', (engine) => {
  const mailru = useFakeMoneyMailRu();
  const game = useGameServer('gem-garden');
  const testApp = useTestApp(engine, {
    store: { ...game.store, paymentProviders: ['moneymailru'], providers: { moneymailru: mailru.config } },
  });
  beforeAll(() => {
    mailru.deliver = async (notification) => {
      const response = await postMailRu(testApp().app, notification);
      return { status: response.statusCode, text: response.body };
    };
  });
  const { player, order, detailed } = useGemGardenBuyer(testApp, 'mailru-payer@example.com');
  const deliveries = (orderId: string) =>
    game.server().received.filter((r) => JSON.parse(r.body).TransactionId === orderId);
  const eventsTaken = async () =>
    (await testApp().database.handle.db.selectFrom('payment_events').select('id').execute()).length;
  /** The player opens the payment window: Money.Mail.Ru checks the form and opens the invoice. */
  const openWindow = async (paymentUri: string) => {
    const response = await fetch(paymentUri, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  };
  /** An order whose invoice the player opened; its Money.Mail.Ru invoice number. */
  const invoiced = async () => {
    const { created } = await order();
    expect((await openWindow(created.MoneyMailRu.PaymentUri)).status).toBe(303);
    return { id: created.TransactionId as string, item: mailru.invoiceOf(created.TransactionId) };
  };

  it('sends the player to a light form signed with the shop secret, priced from the order row', async () => {
    const { created, providerRef } = await order();
    expect(created).toMatchObject({
      Merchant: 'moneymailru',
      ConfirmationUrl: null,
      OrderPrice: { Amount: 149, Currency: 'EUR' },
    });
    const uri = new URL(created.MoneyMailRu.PaymentUri);
    expect(`${uri.origin}${uri.pathname}`).toBe(`${mailru.origin}/pay/light/`);
    const fields = Object.fromEntries(uri.searchParams);
    expect(fields).toMatchObject({
      shop_id: FAKE_MONEYMAILRU_KEYS.shopId,
      currency: 'EUR',
      sum: '1.49',
      description: '50 gems',
      issuer_id: created.TransactionId,
      keep_uniq: '1',
    });
    expect(fields.signature).toBe(lightFormSignature(fields, FAKE_MONEYMAILRU_KEYS.secretKeys[0]));
    expect(providerRef).toBe(created.TransactionId);
    // The window opens one invoice for the order, again on a reload; an edited sum is refused.
    const opened = await openWindow(created.MoneyMailRu.PaymentUri);
    expect(opened.location).toMatch(new RegExp(`^${mailru.origin}/pay/light/invoice/\\d{20}$`));
    expect((await openWindow(created.MoneyMailRu.PaymentUri)).location).toBe(opened.location);
    const item = mailru.invoiceOf(created.TransactionId);
    expect(mailru.invoices.get(item)).toMatchObject({ amount: '1.49', currency: 'EUR', status: 'DELIVERED' });
    const cheaper = await openWindow(created.MoneyMailRu.PaymentUri.replace('sum=1.49', 'sum=0.01'));
    expect([cheaper.status, cheaper.text]).toEqual([400, expect.stringContaining('Signature error')]);
    expect(await detailed(created.TransactionId)).toBe('WaitingForPayment');
  });

  it('sends Redirect checkouts to the payment window', async () => {
    const { created } = await order('Redirect');
    expect(created.ConfirmationUrl).toBe(created.MoneyMailRu.PaymentUri);
  });

  it('pays and fulfils on a signed PAID notification; a replay is answered S0004 and changes nothing (row 19)', async () => {
    const { app } = testApp();
    const { id, item } = await invoiced();
    expect(await mailru.pay(item)).toBe(200);
    expect(mailru.answers.at(-1)).toBe(accepted(item));
    expect(await detailed(id)).toBe('PayedWaitingForSending');
    const replay = mailru.notification(item, 'PAID');
    for (let i = 0; i < 2; i++) {
      const response = await postMailRu(app, replay);
      expect([response.statusCode, response.headers['content-type'], response.body]).toEqual([
        200,
        'text/plain; charset=utf-8',
        rejected(item, 'S0004'),
      ]);
    }
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(id)).toHaveLength(1);
    expect(await detailed(id)).toBe('Completed');
  });

  it('fulfils once under 50 concurrent duplicate notifications (rows 19, 27)', async () => {
    const { app } = testApp();
    const { id, item } = await invoiced();
    const invoice = mailru.invoices.get(item);
    if (invoice) invoice.status = 'PAID';
    const notification = mailru.notification(item, 'PAID');
    const before = await eventsTaken();
    const responses = await Promise.all(Array.from({ length: 50 }, () => postMailRu(app, notification)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(responses.filter((response) => response.body === accepted(item))).toHaveLength(1);
    expect(responses.filter((response) => response.body === rejected(item, 'S0004'))).toHaveLength(49);
    expect(await eventsTaken()).toBe(before + 1);
    await app.runOutbox();
    await app.runOutbox();
    expect(deliveries(id)).toHaveLength(1);
  });

  it('refuses forged and edited notifications with S0003/S0002 and no change (rows 17, 26)', async () => {
    const { app } = testApp();
    const { id, item } = await invoiced();
    const invoice = mailru.invoices.get(item);
    if (invoice) invoice.status = 'PAID';
    const good = mailru.notification(item, 'PAID');
    const signature = new URLSearchParams(good.body).get('signature') ?? '';
    const flipped = `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`;
    const before = await eventsTaken();
    const cases: [string, string, string][] = [
      ['flipped signature', good.body.replace(signature, flipped), 'S0003'],
      ['not our secret', mailru.notification(item, 'PAID', {}, 'someone-elses-shop-secret').body, 'S0003'],
      ['no signature', good.body.replace(`&signature=${signature}`, ''), 'S0003'],
      ['a sum added after signing', `${good.body}&sum=0.01`, 'S0003'],
      ['status edited after signing', mailru.notification(item, 'REJECTED').body.replace('REJECTED', 'PAID'), 'S0003'],
      ['another order in issuer_id', good.body.replace(/issuer_id=[^&]+/, 'issuer_id=b3JkX290aGVy'), 'S0003'],
      ['MD5 instead of SHA', mailru.notification(item, 'PAID', { auth_method: 'MD5' }).body, 'S0003'],
      ['a repeated key', `${good.body}&status=PAID`, 'S0002'],
    ];
    for (const [name, body, code] of cases) {
      const response = await postMailRu(app, { body, headers: good.headers });
      expect([response.statusCode, response.body], name).toEqual([200, rejected(item, code)]);
    }
    expect(await detailed(id)).toBe('WaitingForPayment');
    expect(await eventsTaken()).toBe(before);
  });

  it('grants nothing when the invoice Money.Mail.Ru charged is of another amount or currency (row 26)', async () => {
    const { app } = testApp();
    for (const altered of [{ amount: '0.01' }, { currency: 'USD' }]) {
      const { id, item } = await invoiced();
      const invoice = mailru.invoices.get(item);
      if (!invoice) throw new Error('no invoice');
      Object.assign(invoice, altered, { status: 'PAID' });
      // Genuine, so answered as taken; the amount check keeps the order unpaid.
      expect((await postMailRu(app, mailru.notification(item, 'PAID'))).body).toBe(accepted(item));
      expect(await detailed(id)).toBe('WaitingForPayment');
      await app.runOutbox();
      expect(deliveries(id)).toHaveLength(0);
    }
  });

  it('fails closed: a PAID notification Money.Mail.Ru does not confirm is answered S0001 (retry) and changes nothing', async () => {
    const { app } = testApp();
    const { id, item } = await invoiced();
    const before = await eventsTaken();
    const response = await postMailRu(app, mailru.notification(item, 'PAID'));
    expect(response.body).toBe(rejected(item, 'S0001'));
    expect(await detailed(id)).toBe('WaitingForPayment');
    expect(await eventsTaken()).toBe(before);
  });

  it('acknowledges DELIVERED and PAYMENT notifications without acting; cancels on REJECTED', async () => {
    const { app } = testApp();
    const { id, item } = await invoiced();
    expect((await postMailRu(app, mailru.notification(item, 'DELIVERED'))).body).toBe(accepted(item));
    expect((await postMailRu(app, mailru.notification(item, 'PAID', { type: 'PAYMENT' }))).body).toBe(accepted(item));
    expect(await detailed(id)).toBe('WaitingForPayment');
    expect(await mailru.refuse(item)).toBe(200);
    expect(await detailed(id)).toBe('Cancelled');
  });

  it('cancels when the player closes the window unpaid, keeps waiting when Money.Mail.Ru took the payment', async () => {
    const { app } = testApp();
    const unpaid = await invoiced();
    const closed = await optimisticStatus(app, unpaid.id, 'Cancelled', await player());
    expect(closed.json().Order).toMatchObject({ DetailedStatus: 'Cancelled' });
    expect(mailru.apiCalls.at(-1)).toMatchObject({ issuer_id: Buffer.from(unpaid.id).toString('base64') });
    const paid = await invoiced();
    const invoice = mailru.invoices.get(paid.item);
    if (invoice) invoice.status = 'PAID';
    expect((await optimisticStatus(app, paid.id, 'Cancelled', await player())).statusCode).toBe(200);
    expect(await detailed(paid.id)).toBe('WaitingForPayment');
    // A payment that lands on the cancelled order keeps it cancelled and queues a refund.
    const late = mailru.invoices.get(unpaid.item);
    if (late) late.status = 'PAID';
    expect((await postMailRu(app, mailru.notification(unpaid.item, 'PAID'))).body).toBe(accepted(unpaid.item));
    expect(await detailed(unpaid.id)).toBe('CancelledPaid');
    await app.runOutbox();
    expect(deliveries(unpaid.id)).toHaveLength(0);
  });
});
