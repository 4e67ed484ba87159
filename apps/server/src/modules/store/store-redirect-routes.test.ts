import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { nextIp } from '../../test/connect-invites.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { checkoutIdOf, choose, createPayment, storePost } from '../../test/store.js';
import { CONTINUE_PI_TTL_MS, MERCHANT_RETURN_TTL_MS } from './redirect-checkout-service.js';

const SANDBOX_CHECKOUT = /^http:\/\/localhost:8080\/sbx_[\w-]{32}$/;

describeEachEngine('store redirect checkout and personal info', (engine) => {
  const testApp = useTestApp(engine);
  const sessions = new Map<string, string>();
  const player = async (email = 'redirect@example.com') => {
    const known = sessions.get(email);
    if (known) return known;
    const token = await signIn(testApp().app, testApp().database.handle.db, email);
    sessions.set(email, token);
    return token;
  };
  const tempToken = async (session: string) => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/create_temp_token',
      headers: bearer(session),
      payload: { RedirectUri: '/Store/sky-runner' },
    });
    return response.json().TempToken as string;
  };
  const redirect = (query: string, path = 'sky-runner/stars_550') =>
    testApp().app.inject({
      method: 'GET',
      url: `/api/v1/store/create_payment_with_redirect/${path}?${query}`,
      remoteAddress: nextIp(),
    });
  /** The provider's return address of a checkout, as the sandbox keeps it. */
  const returnTokenOf = async (checkoutUrl: string) => {
    const checkout = await testApp()
      .database.handle.db.selectFrom('sandbox_payments')
      .select('return_url')
      .where('id', '=', checkoutIdOf({ ConfirmationUrl: checkoutUrl }))
      .executeTakeFirstOrThrow();
    return (
      checkout.return_url.match(/^http:\/\/localhost:8080\/Store\/MerchantPaymentCompleted\/([\w-]{43})$/)?.[1] ?? ''
    );
  };
  /** A player whose account has no email, as one signed in through a platform would be. */
  const playerWithoutEmail = async () => {
    const session = await player('no-email@example.com');
    await testApp()
      .database.handle.db.updateTable('accounts')
      .set({ email: null, email_normalized: null })
      .where('email', '=', 'no-email@example.com')
      .execute();
    return session;
  };

  it('creates the order from a temp token and redirects to the checkout; the token works once', async () => {
    const token = await tempToken(await player());
    const response = await redirect(`Token=${token}&WebPublishingPlatform=FxId&DeveloperPayload=level-7`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(SANDBOX_CHECKOUT);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');

    const order = await testApp()
      .database.handle.db.selectFrom('orders')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ embedding_type: 'Redirect', developer_payload: 'level-7', total_amount: 499 });

    const again = await redirect(`Token=${token}&WebPublishingPlatform=FxId`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ ErrorCode: 'invalid_token', L10NParam: { What: 'temporary token' } });
  });

  it('refuses session tokens, missing parameters and prices in the query', async () => {
    const session = await player();
    const withSession = await redirect(`Token=${session}&WebPublishingPlatform=FxId`);
    expect(withSession.json()).toMatchObject({ status: 400, ErrorCode: 'invalid_token' });
    for (const [query, field] of [
      ['WebPublishingPlatform=FxId', 'query.Token'],
      [`Token=${'a'.repeat(43)}`, 'query.WebPublishingPlatform'],
      [`Token=${'a'.repeat(43)}&WebPublishingPlatform=FxId&Price=1`, 'query'],
      [`Token=${'a'.repeat(43)}&WebPublishingPlatform=FxId&Currency=usd`, 'query.Currency'],
    ] as const) {
      const response = await redirect(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ ErrorCode: 'validation_failed', L10NParam: { Field: field } });
    }
    const foreignSku = await redirect(
      `Token=${await tempToken(session)}&WebPublishingPlatform=FxId`,
      'sky-runner/gems_50',
    );
    expect(foreignSku.json()).toMatchObject({ status: 404, L10NParam: { What: 'Product' } });
  });

  it('returns the player to a page that shows the status and never pays by itself', async () => {
    const { app, clock } = testApp();
    const located = await redirect(`Token=${await tempToken(await player())}&WebPublishingPlatform=FxId`);
    const checkoutUrl = String(located.headers.location);
    const returnToken = await returnTokenOf(checkoutUrl);
    expect(returnToken).toHaveLength(43);
    const show = () => storePost(app, '/merchant_payment_completed', { Token: returnToken });

    const before = await show();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      Status: 'Created',
      Order: { DetailedStatus: 'WaitingForPayment', TotalPrice: { Amount: 499, Currency: 'USD' } },
      ReturnUrl: 'http://localhost:8080/play/sky-runner',
    });
    expect(JSON.stringify(before.json())).not.toContain('redirect@example.com');
    // Reaching the return page, however often, pays nothing.
    expect((await show()).json().Status).toBe('Created');

    await choose(app, checkoutIdOf({ ConfirmationUrl: checkoutUrl }), 'Pay');
    await app.runOutbox();
    expect((await show()).json()).toMatchObject({
      Status: 'Payed',
      Order: { DetailedStatus: 'Completed' },
      Stats: { currency: 'USD', currencyAmount: 4.99 },
    });

    const unknown = await storePost(app, '/merchant_payment_completed', { Token: 'b'.repeat(43) });
    expect(unknown.json()).toMatchObject({ status: 400, ErrorCode: 'invalid_token' });
    const malformed = await storePost(app, '/merchant_payment_completed', { Token: 'short' });
    expect(malformed.json()).toMatchObject({ ErrorCode: 'validation_failed', L10NParam: { Field: 'body.Token' } });
    clock.now += MERCHANT_RETURN_TTL_MS;
    expect((await show()).json()).toMatchObject({ status: 400, ErrorCode: 'expired_token' });
    clock.now -= MERCHANT_RETURN_TTL_MS;
  });

  it('saves trimmed personal info while the order awaits payment, and names the bad field', async () => {
    const { app } = testApp();
    const session = await player();
    const created = await createPayment(app, session, 'sky-runner', 'stars_100');
    const update = (OrderPersonalInfo: object, token = session, PublicOrderId = created.TransactionId) =>
      storePost(app, '/update-order-pi', { PublicOrderId, OrderPersonalInfo }, token);

    const saved = await update({
      Email: '  Receipts@Example.com ',
      PhoneNumber: ' +79161234567 ',
      IsAutoConfirm: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      OrderPersonalInfo: { Email: 'Receipts@Example.com', PhoneNumber: '+79161234567', IsAutoConfirm: true },
      Order: { PublicOrderId: created.TransactionId, DetailedStatus: 'WaitingForPayment' },
    });
    // An empty email means the account's own address; an empty phone clears it.
    expect((await update({ Email: '   ', PhoneNumber: '' })).json().OrderPersonalInfo).toEqual({
      Email: 'redirect@example.com',
      PhoneNumber: null,
      IsAutoConfirm: false,
    });

    for (const [info, field] of [
      [{ Email: 'not-an-email' }, 'body.OrderPersonalInfo.Email'],
      [{ Email: 'a@b' }, 'body.OrderPersonalInfo.Email'],
      [{ PhoneNumber: '+0123456' }, 'body.OrderPersonalInfo.PhoneNumber'],
      [{ PhoneNumber: '5' }, 'body.OrderPersonalInfo.PhoneNumber'],
      [{ PhoneNumber: '+1234567890123456' }, 'body.OrderPersonalInfo.PhoneNumber'],
      [{ PhoneNumber: '916-123-45-67' }, 'body.OrderPersonalInfo.PhoneNumber'],
      [{ Email: 'a@b.co', Extra: 1 }, 'body.OrderPersonalInfo'],
      [{ IsAutoConfirm: 'yes' }, 'body.OrderPersonalInfo.IsAutoConfirm'],
    ] as const) {
      const response = await update(info);
      expect(response.statusCode, JSON.stringify(info)).toBe(400);
      expect(response.json()).toMatchObject({ ErrorCode: 'validation_failed', L10NParam: { Field: field } });
    }
    for (const phone of ['12', '+12', '+123456789012345', '491701234567']) {
      expect((await update({ PhoneNumber: phone })).statusCode, phone).toBe(200);
    }

    const other = await update({ Email: 'x@example.com' }, await player('someone-else@example.com'));
    expect(other.json()).toMatchObject({ status: 404, ErrorCode: 'not_found' });
    const anonymous = await storePost(app, '/update-order-pi', {
      PublicOrderId: created.TransactionId,
      OrderPersonalInfo: {},
    });
    expect(anonymous.json()).toMatchObject({ status: 401, ErrorCode: 'unauthorized' });

    await choose(app, checkoutIdOf(created), 'Pay');
    await app.runOutbox();
    const late = await update({ Email: 'late@example.com' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ ErrorCode: 'conflict', L10NParam: { Status: 'Completed' } });
  });

  it('asks an account without an email for it before the checkout, once', async () => {
    const { app, clock } = testApp();
    const session = await playerWithoutEmail();
    const created = await createPayment(app, session, 'sky-runner', 'stars_100');
    expect(created.PersonalInfoRequirements).toEqual({ Email: { Required: true, DefaultValue: null } });
    const missing = await storePost(
      app,
      '/update-order-pi',
      { PublicOrderId: created.TransactionId, OrderPersonalInfo: { PhoneNumber: '+4915112345678' } },
      session,
    );
    expect(missing.json()).toMatchObject({
      status: 400,
      ErrorCode: 'validation_failed',
      Errors: [{ Field: 'body.OrderPersonalInfo.Email', Message: 'Email is required for this order' }],
    });

    const located = await redirect(`Token=${await tempToken(session)}&WebPublishingPlatform=FxId`);
    expect(located.statusCode).toBe(302);
    const continueUrl = new URL(String(located.headers.location));
    expect(continueUrl.pathname).toBe('/Store/ContinueWithPI');
    const token = continueUrl.searchParams.get('Token') ?? '';
    const proceed = (OrderPersonalInfo?: object) =>
      storePost(app, '/continue_redirect_with_pi', {
        Token: token,
        ...(OrderPersonalInfo ? { OrderPersonalInfo } : {}),
      });

    const read = await proceed();
    expect(read.json()).toMatchObject({
      RedirectUrl: null,
      PersonalInfoRequirements: { Email: { Required: true, DefaultValue: null } },
      OrderPersonalInfo: { Email: null, PhoneNumber: null, IsAutoConfirm: false },
      Order: { DetailedStatus: 'WaitingForPayment', OrderProducts: { MainProduct: { Sku: 'stars_550' } } },
    });
    expect((await proceed({ Email: '' })).json()).toMatchObject({
      status: 400,
      L10NParam: { Field: 'body.OrderPersonalInfo.Email' },
    });
    expect((await proceed({ Email: 'x@y' })).json()).toMatchObject({
      status: 400,
      L10NParam: { Field: 'body.OrderPersonalInfo.Email' },
    });
    // A refused attempt leaves the token usable.
    const done = await proceed({ Email: ' buyer@mail.example ', IsAutoConfirm: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      RedirectUrl: expect.stringMatching(SANDBOX_CHECKOUT),
      OrderPersonalInfo: { Email: 'buyer@mail.example', PhoneNumber: null, IsAutoConfirm: true },
      PersonalInfoRequirements: { Email: { Required: true, DefaultValue: 'buyer@mail.example' } },
    });
    expect((await proceed({ Email: 'again@mail.example' })).json()).toMatchObject({
      status: 400,
      ErrorCode: 'invalid_token',
    });

    const second = await redirect(`Token=${await tempToken(session)}&WebPublishingPlatform=FxId`);
    const late = new URL(String(second.headers.location)).searchParams.get('Token') ?? '';
    clock.now += CONTINUE_PI_TTL_MS;
    const expired = await storePost(app, '/continue_redirect_with_pi', { Token: late });
    expect(expired.json()).toMatchObject({ status: 400, ErrorCode: 'expired_token' });
    clock.now -= CONTINUE_PI_TTL_MS;
  });
});
