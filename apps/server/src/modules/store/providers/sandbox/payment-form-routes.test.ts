import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.js';
import { describeEachEngine } from '../../../../test/databases.js';
import { signIn } from '../../../../test/sign-in.js';
import { checkoutIdOf, choose, createPayment, paymentForm, storePost, useGameServer } from '../../../../test/store.js';
import { findSandboxPayment } from './sandbox-repository.js';

const UNKNOWN_TOKEN = `sbx_${'a'.repeat(32)}`;

describeEachEngine('card payment form (sandbox checkout)', (engine) => {
  const game = useGameServer('sky-runner');
  const testApp = useTestApp(engine, { store: game.store });
  let token = '';
  const player = async () => {
    if (!token) token = await signIn(testApp().app, testApp().database.handle.db, 'form@example.com');
    return token;
  };
  const order = async (sku = 'stars_550') => {
    const created = await createPayment(testApp().app, await player(), 'sky-runner', sku);
    return { created, checkoutId: checkoutIdOf(created) };
  };
  const detailedStatus = async (id: string) =>
    (
      await storePost(testApp().app, '/get_payment_status', { Game: 'sky-runner', TransactionId: id }, await player())
    ).json().Order.DetailedStatus;
  const post = (checkoutId: string, payload: object) =>
    testApp().app.inject({ method: 'POST', url: `/api/v1/store/payment_form/${checkoutId}`, payload });
  const sandboxStatus = async (checkoutId: string) =>
    (await findSandboxPayment(testApp().database.handle.db, checkoutId))?.status;

  it('is the portal page /{token} and shows the bank, the product and where the player goes next', async () => {
    const { created, checkoutId } = await order();
    expect(created.ConfirmationUrl).toBe(`http://localhost:8080/${checkoutId}`);
    expect(created.Sandbox.CheckoutUrl).toBe(created.ConfirmationUrl);

    const form = await paymentForm(testApp().app, checkoutId, 'ru');
    expect(form.statusCode).toBe(200);
    expect(form.headers['cache-control']).toBe('no-store');
    const returnPage = `http://localhost:8080/Store/Return/${created.TransactionId}`;
    expect(form.json()).toEqual({
      Status: 'Open',
      Bank: { DemoMode: true, ApiType: 'Sandbox' },
      // The product as ordered (in the order's language); the price in the page's language.
      Product: {
        Name: '550 stars',
        Description: 'A chest of stars with a 10% bonus.',
        Price: '4,99\u00a0$',
        Currency: 'USD',
      },
      RedirectUris: { Success: returnPage, Failure: returnPage },
      PublicId: created.TransactionId,
    });
    expect((await paymentForm(testApp().app, checkoutId)).json().Product.Price).toBe('$4.99');
  });

  it('pays through the signed notification when the player chooses Pay with a valid card number', async () => {
    const { created, checkoutId } = await order();
    const paid = await post(checkoutId, {
      PublicId: created.TransactionId,
      Choice: 'Pay',
      CardNumber: '4242424242424242',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ Success: true, Data: { Success: true } });
    // The choice only queues the bank's notification; the order moves when it arrives.
    expect(await detailedStatus(created.TransactionId)).toBe('WaitingForPayment');
    expect(await testApp().app.runOutbox()).toMatchObject({ failed: 0 });
    expect(await detailedStatus(created.TransactionId)).toBe('PayedWaitingForSending');
    expect((await paymentForm(testApp().app, checkoutId)).json().Status).toBe('Paid');
  });

  it.each([
    ['Decline', 'Declined'],
    ['Abandon', 'Cancelled'],
  ] as const)('sends the player to the failure address on %s, and the form then says %s', async (choice, shown) => {
    const { created, checkoutId } = await order('stars_100');
    const answer = await post(checkoutId, { PublicId: created.TransactionId, Choice: choice });
    expect(answer.json()).toEqual({ Success: true, Data: { Success: false } });
    await testApp().app.runOutbox();
    expect(await detailedStatus(created.TransactionId)).toBe('Cancelled');
    expect((await paymentForm(testApp().app, checkoutId)).json().Status).toBe(shown);
  });

  it('answers 404 for an unknown token, and the outcome for a form already decided', async () => {
    const unknown = await paymentForm(testApp().app, UNKNOWN_TOKEN);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ErrorCode: 'not_found', L10NParam: { What: 'Payment form' } });
    const choice = await post(UNKNOWN_TOKEN, { PublicId: 'ord_aaaaaaaaaaaaaaaaaaaaaa', Choice: 'Pay' });
    expect(choice.statusCode).toBe(404);
    expect(choice.json().ErrorCode).toBe('not_found');

    const { created, checkoutId } = await order();
    await choose(testApp().app, checkoutId, 'Decline');
    const decided = await paymentForm(testApp().app, checkoutId);
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({ Status: 'Declined', PublicId: created.TransactionId });
    // A second choice on a decided checkout is a conflict, and changes nothing.
    const again = await post(checkoutId, { PublicId: created.TransactionId, Choice: 'Pay' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ErrorCode: 'conflict', L10NParam: { From: 'checkout declined', To: 'Pay' } });
    expect(await sandboxStatus(checkoutId)).toBe('declined');
  });

  it("offers the card a buyer last paid with on their next form, and never another buyer's", async () => {
    const buyer = await signIn(testApp().app, testApp().database.handle.db, 'saved-card@example.com');
    const buy = async (sku: string, who = buyer) => {
      const created = await createPayment(testApp().app, who, 'sky-runner', sku);
      return { created, checkoutId: checkoutIdOf(created) };
    };
    const first = await buy('stars_550');
    expect((await paymentForm(testApp().app, first.checkoutId)).json().Card).toBeUndefined();
    const paid = await post(first.checkoutId, {
      PublicId: first.created.TransactionId,
      Choice: 'Pay',
      CardNumber: '5555555555554444',
    });
    expect(paid.statusCode).toBe(200);
    const stored = await findSandboxPayment(testApp().database.handle.db, first.checkoutId);
    expect(stored).toMatchObject({ card_brand: 'Mastercard', card_last4: '4444' });
    expect(JSON.stringify(stored)).not.toContain('5555555555554444');

    const second = await buy('stars_100');
    expect((await paymentForm(testApp().app, second.checkoutId)).json().Card).toEqual({
      Brand: 'Mastercard',
      Last4: '4444',
    });
    // Another buyer's form offers nothing; a decided form no card at all.
    const stranger = await buy(
      'stars_100',
      await signIn(testApp().app, testApp().database.handle.db, 'new@example.com'),
    );
    expect((await paymentForm(testApp().app, stranger.checkoutId)).json().Card).toBeUndefined();
    expect((await paymentForm(testApp().app, first.checkoutId)).json().Card).toBeUndefined();

    // Pay without a number pays with the saved card, which stays the one offered.
    await post(second.checkoutId, { PublicId: second.created.TransactionId, Choice: 'Pay' });
    expect(await findSandboxPayment(testApp().database.handle.db, second.checkoutId)).toMatchObject({
      status: 'paid',
      card_last4: '4444',
    });
    const third = await buy('stars_550');
    expect((await paymentForm(testApp().app, third.checkoutId)).json().Card).toEqual({
      Brand: 'Mastercard',
      Last4: '4444',
    });
    // Paying with another number makes that the saved card.
    await post(third.checkoutId, {
      PublicId: third.created.TransactionId,
      Choice: 'Pay',
      CardNumber: '4242424242424242',
    });
    const fourth = await buy('stars_100');
    expect((await paymentForm(testApp().app, fourth.checkoutId)).json().Card).toEqual({ Brand: 'Visa', Last4: '4242' });
  });

  it("refuses another order's PublicId as unknown and leaves the checkout open", async () => {
    const first = await order();
    const second = await order('stars_100');
    const crossed = await post(first.checkoutId, { PublicId: second.created.TransactionId, Choice: 'Pay' });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().ErrorCode).toBe('not_found');
    expect(await sandboxStatus(first.checkoutId)).toBe('open');
    expect((await paymentForm(testApp().app, first.checkoutId)).statusCode).toBe(200);
  });

  it('refuses a card number that is not one, before anything is decided', async () => {
    const { created, checkoutId } = await order();
    for (const CardNumber of ['4242424242424241', '4242 4242', '42424242424242424242', 'abcdabcdabcdabcd']) {
      const answer = await post(checkoutId, { PublicId: created.TransactionId, Choice: 'Pay', CardNumber });
      expect(answer.statusCode, CardNumber).toBe(400);
      expect(answer.json()).toMatchObject({ ErrorCode: 'validation_failed', L10NParam: { Field: 'body.CardNumber' } });
    }
    const extra = await post(checkoutId, { PublicId: created.TransactionId, Choice: 'Pay', Amount: 1 });
    expect(extra.json().ErrorCode).toBe('validation_failed');
    expect(await sandboxStatus(checkoutId)).toBe('open');
  });
});

describe('card payment form without the sandbox', () => {
  const testApp = useTestApp('sqlite', {
    store: { paymentProviders: [], providers: {}, gameWebhooks: {} },
  });

  it('knows no token when the sandbox is not the payment provider', async () => {
    const form = await paymentForm(testApp().app, UNKNOWN_TOKEN);
    expect(form.statusCode).toBe(404);
    expect(form.json().ErrorCode).toBe('not_found');
  });
});
