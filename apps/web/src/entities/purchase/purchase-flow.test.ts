import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProblemError } from '../../shared/api/problem';
import { createLogger } from '../../shared/lib/logger';
import type { AghanimPaymentStatus } from './api/aghanim-status';
import type { CreatePaymentResult } from './api/create-payment';
import type { PaymentStatus } from './api/payment-status';
import { type CheckoutEnd, type PurchaseDeps, runPurchase } from './purchase-flow';

const ID = 'ord_AAAAAAAAAAAAAAAAAAAAAA';
const CHECKOUT = 'http://127.0.0.1/api/v1/store/sandbox/checkout/sbx_x';
const silent = createLogger('test', { debug() {}, info() {}, warn() {}, error() {}, log() {} });

const created = {
  TransactionId: ID,
  Sandbox: { CheckoutUrl: CHECKOUT },
  ConfirmationUrl: CHECKOUT,
  OrderProduct: { LocalizedProductName: '100 stars' },
  PersonalInfoRequirements: { Email: { Required: false, DefaultValue: 'player@example.com' } },
} as unknown as CreatePaymentResult;

/** An order of an account without an email: the personal-info modal asks first. */
const needsEmail = {
  ...created,
  PersonalInfoRequirements: { Email: { Required: true, DefaultValue: null } },
} as unknown as CreatePaymentResult;
const INFO = { Email: 'buyer@example.com', PhoneNumber: '+15551234567', IsAutoConfirm: false };

/** An order paid with Stripe's embedded checkout. */
const stripeCreated = {
  ...created,
  Merchant: 'stripe',
  Sandbox: undefined,
  ConfirmationUrl: null,
  Stripe: { SessionClientSecret: 'cs_test_1_secret_x', PublishableKey: 'pk_test_x', SessionId: 'cs_test_1' },
} as unknown as CreatePaymentResult;

/** An order paid in Xsolla's Pay Station. */
const PAY_STATION = 'https://sandbox-secure.xsolla.com/paystation4/?token=tok_1';
const xsollaCreated = {
  ...created,
  Merchant: 'xsolla',
  Sandbox: undefined,
  ConfirmationUrl: null,
  Xsolla: { PaymentToken: 'tok_1', Sandbox: true, ConfirmationUrl: PAY_STATION },
} as unknown as CreatePaymentResult;

/** An order confirmed in YooKassa's widget. */
const yookassaCreated = {
  ...created,
  Merchant: 'yookassa',
  Sandbox: undefined,
  ConfirmationUrl: null,
  Yookassa: { Redirect: false, ConfirmationUrl: null, ConfirmationToken: 'ct-1', Sandbox: true },
} as unknown as CreatePaymentResult;

/** An order paid on Aghanim's checkout in a new tab. */
const AGHANIM_CHECKOUT = 'https://pay.aghanim.com/order/ord_1';
const aghanimCreated = {
  ...created,
  Merchant: 'aghanim',
  Sandbox: undefined,
  ConfirmationUrl: null,
  Aghanim: { CheckoutUrl: AGHANIM_CHECKOUT },
} as unknown as CreatePaymentResult;

/** The anonymous Aghanim poll answering `answers` in turn (the last one repeats). */
function aghanimPolls(...answers: ('Created' | 'Payed' | 'Cancelled')[]): Partial<PurchaseDeps> {
  const queue = [...answers];
  return {
    createPayment: vi.fn(async () => aghanimCreated),
    aghanimStatus: vi.fn(async () => ({
      PublicOrderId: ID,
      Status: (queue.length > 1 ? queue.shift() : queue[0]) ?? 'Created',
    })),
  };
}

function status(
  checkout: 'Created' | 'Payed' | 'Cancelled',
  order: 'Created' | 'Completed' | 'Cancelled' = 'Created',
  cancelReason: 'Declined' | 'UserCancelled' | null = checkout === 'Cancelled' ? 'UserCancelled' : null,
) {
  return {
    TransactionId: ID,
    Status: checkout,
    Order: { Status: order },
    Stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 },
    CancelReason: cancelReason,
  } as unknown as PaymentStatus;
}

/** A fake page: the API answers from `statuses` in turn (the last one repeats), the checkout closes on demand. */
function setup(statuses: PaymentStatus[], overrides: Partial<PurchaseDeps> = {}) {
  let closeCheckout: (end?: CheckoutEnd) => void = () => {};
  const checkout = {
    closed: new Promise<CheckoutEnd>((resolve) => {
      closeCheckout = (end = { kind: 'dismissed' }) => resolve(end);
    }),
    close: vi.fn(() => closeCheckout()),
  };
  const queue = [...statuses];
  const deps = {
    token: vi.fn<() => string | null>(() => 'bearer'),
    signIn: vi.fn(async () => true),
    createPayment: vi.fn(async () => created),
    paymentStatus: vi.fn(async () => (queue.length > 1 ? queue.shift() : queue[0]) as PaymentStatus),
    aghanimStatus: vi.fn(async (): Promise<AghanimPaymentStatus> => {
      throw new Error('not an Aghanim order');
    }),
    setOptimisticStatus: vi.fn(async (_token: string, _id: string, wanted: 'Completed' | 'Cancelled') => ({
      Order: { Status: wanted },
    })) as unknown as PurchaseDeps['setOptimisticStatus'],
    openCheckout: vi.fn(() => checkout),
    askPersonalInfo: vi.fn(async () => INFO),
    updateOrderPi: vi.fn(async () => ({})),
    logger: silent,
    ...overrides,
  } satisfies PurchaseDeps;
  const buy = () => runPurchase(deps, { game: 'sky-runner', sku: 'stars_100', platform: 'FxId' });
  return { deps, checkout, buy, playerCloses: closeCheckout };
}

/** Lets a rejection be asserted after timers ran, without an unhandled-rejection warning meanwhile. */
function settle<T>(promise: Promise<T>) {
  const result = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  return result as Promise<{ value?: T; error?: unknown }>;
}

describe('buying on the own platform', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates the payment, opens the checkout, polls every second until Payed, and returns the purchase result', async () => {
    const { deps, checkout, buy } = setup([status('Created'), status('Created'), status('Payed', 'Completed')]);
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(999);
    expect(deps.paymentStatus).not.toHaveBeenCalled();
    expect(deps.createPayment).toHaveBeenCalledWith('bearer', {
      Game: 'sky-runner',
      Sku: 'stars_100',
      WebPublishingPlatform: 'FxId',
      EmbeddingType: 'Embed',
    });
    expect(deps.openCheckout).toHaveBeenCalledWith({ kind: 'page', url: CHECKOUT }, '100 stars');
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.paymentStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(deps.paymentStatus).toHaveBeenCalledTimes(3);
    expect(await outcome).toEqual({
      value: { transactionId: ID, stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 } },
    });
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Completed');
    // The checkout stays a second after the payment, then closes (spec store §9).
    expect(checkout.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(checkout.close).toHaveBeenCalledOnce();
  });

  it('leaves usdAmount out when the server does not know it', async () => {
    const euro = { ...status('Payed'), Stats: { currency: 'EUR', currencyAmount: 1.49, usdAmount: null } };
    const { buy } = setup([euro as unknown as PaymentStatus]);
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).value).toEqual({ transactionId: ID, stats: { currency: 'EUR', currencyAmount: 1.49 } });
  });

  it('rejects a declined payment with "Payment not completed"', async () => {
    const { deps, checkout, buy } = setup([status('Created'), status('Cancelled', 'Cancelled', 'Declined')]);
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(3000);
    expect((await outcome).error).toMatchObject({ code: 'payment_not_completed', message: 'Payment not completed' });
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
    expect(checkout.close).toHaveBeenCalledOnce();
  });

  it('rejects a checkout abandoned on the provider page as closed by the player, not as declined', async () => {
    const { checkout, buy } = setup([status('Created'), status('Cancelled', 'Cancelled', 'UserCancelled')]);
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(3000);
    expect((await outcome).error).toMatchObject({ code: 'cancelled', message: 'User closed payment window' });
    expect(checkout.close).toHaveBeenCalledOnce();
  });

  it('gives up after 180 s with a timeout, cancels the order and closes the checkout', async () => {
    const { deps, checkout, buy } = setup([status('Created')]);
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(179_000);
    expect(deps.paymentStatus).toHaveBeenCalledTimes(179);
    expect(checkout.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).error).toMatchObject({ code: 'timeout', message: 'Payment not completed' });
    expect(deps.paymentStatus).toHaveBeenCalledTimes(180);
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
    expect(checkout.close).toHaveBeenCalledOnce();
  });

  it('keeps polling through lost requests', async () => {
    const network = new ProblemError({ type: 'about:blank', title: 'Network Error', status: 0, detail: '' });
    const paymentStatus = vi
      .fn<PurchaseDeps['paymentStatus']>()
      .mockRejectedValueOnce(network)
      .mockResolvedValueOnce(status('Payed'));
    const { buy } = setup([], { paymentStatus });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(2000);
    expect((await outcome).value?.transactionId).toBe(ID);
  });

  it('reports a player who closed the checkout as cancelled, once the server cancelled the order', async () => {
    const { deps, buy, playerCloses } = setup([status('Created')]);
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(1500);
    playerCloses();
    // Closing does not wait for the next tick: the status is read at once.
    await vi.advanceTimersByTimeAsync(0);
    expect((await outcome).error).toMatchObject({ code: 'cancelled', message: 'User closed payment window' });
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
    expect(deps.paymentStatus).toHaveBeenCalledTimes(2);
  });

  it('still delivers when the player paid just before closing the checkout', async () => {
    const setOptimisticStatus = vi.fn(async () => ({
      Order: { Status: 'Created' },
    })) as unknown as PurchaseDeps['setOptimisticStatus'];
    const { buy, playerCloses } = setup([status('Created'), status('Created'), status('Payed')], {
      setOptimisticStatus,
    });
    const outcome = settle(buy());
    playerCloses();
    await vi.advanceTimersByTimeAsync(0);
    // The server kept the order (the provider had taken the money): polling goes on.
    expect(setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
    await vi.advanceTimersByTimeAsync(2000);
    expect((await outcome).value?.transactionId).toBe(ID);
  });

  it('asks a guest to sign in first, and refuses a guest who does not', async () => {
    let token: string | null = null;
    const signedIn = setup([status('Payed')], {
      token: () => token,
      signIn: vi.fn(async () => {
        token = 'fresh';
        return true;
      }),
    });
    const outcome = settle(signedIn.buy());
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).value?.transactionId).toBe(ID);
    expect(signedIn.deps.createPayment).toHaveBeenCalledWith('fresh', expect.anything());

    const guest = setup([status('Payed')], { token: () => null, signIn: vi.fn(async () => false) });
    await expect(guest.buy()).rejects.toMatchObject({ code: 'guest', message: 'Not authorized' });
    expect(guest.deps.createPayment).not.toHaveBeenCalled();
  });

  it('maps API refusals to codes, with the problem details as the message', async () => {
    const problem = (status: number) =>
      new ProblemError({ type: 'about:blank', title: 'Not Found', status, detail: 'Product', ErrorCode: 'not_found' });
    for (const [httpStatus, code] of [
      [404, 'invalid_request'],
      [401, 'guest'],
      [503, 'not_available'],
      [500, 'handler_failed'],
    ] as const) {
      const { buy } = setup([], { createPayment: vi.fn(async () => Promise.reject(problem(httpStatus))) });
      const error = (await settle(buy())).error as { code: string; message: string };
      expect(error.code).toBe(code);
      expect(JSON.parse(error.message)).toMatchObject({ status: httpStatus, ErrorCode: 'not_found' });
    }
  });

  it('passes on a refused one-time product with the server code, and shows no checkout', async () => {
    for (const code of ['product_already_owned', 'purchase_in_progress']) {
      const refusal = new ProblemError({
        type: `urn:fxid:error:${code}`,
        title: 't',
        status: 409,
        detail: 'd',
        ErrorCode: code,
      });
      const { buy, deps } = setup([], { createPayment: vi.fn(async () => Promise.reject(refusal)) });
      const error = (await settle(buy())).error as { code: string };
      expect(error.code).toBe(code);
      expect(deps.openCheckout).not.toHaveBeenCalled();
    }
  });

  it('refuses a checkout it cannot show', async () => {
    const { buy } = setup([], {
      createPayment: vi.fn(async () => ({ ...created, Sandbox: undefined, ConfirmationUrl: null })),
    });
    await expect(buy()).rejects.toMatchObject({
      code: 'unsupported',
      message: 'Unsupported payment method for FxId web',
    });
  });

  it('only logs a failed optimistic status call', async () => {
    const warn = vi.fn();
    const setOptimisticStatus = vi.fn(async () =>
      Promise.reject(new Error('409')),
    ) as unknown as PurchaseDeps['setOptimisticStatus'];
    const { buy } = setup([status('Payed')], {
      setOptimisticStatus,
      logger: createLogger('test', { debug() {}, info() {}, warn, error() {}, log() {} }),
    });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).value?.transactionId).toBe(ID);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('buying with the Stripe card checkout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the embedded checkout and, once it completed and closed itself, waits for the server to say Payed', async () => {
    const { deps, buy, playerCloses } = setup([status('Created'), status('Created'), status('Payed', 'Completed')], {
      createPayment: vi.fn(async () => stripeCreated),
    });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.openCheckout).toHaveBeenCalledWith(
      { kind: 'stripe', publishableKey: 'pk_test_x', clientSecret: 'cs_test_1_secret_x' },
      '100 stars',
    );
    // The modal reported completion and closed itself: that is no abandonment.
    playerCloses({ kind: 'completed' });
    await vi.advanceTimersByTimeAsync(1000);
    // Polling goes on once a second, not in a loop on the closed checkout.
    expect(deps.paymentStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(deps.paymentStatus).toHaveBeenCalledTimes(3);
    expect((await outcome).value?.transactionId).toBe(ID);
    expect(deps.setOptimisticStatus).not.toHaveBeenCalledWith('bearer', ID, 'Cancelled');
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Completed');
  });

  it("rejects with 'Unknown error' when the player closes the card checkout before paying", async () => {
    const { deps, buy, playerCloses } = setup([status('Created')], { createPayment: vi.fn(async () => stripeCreated) });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(500);
    playerCloses();
    await vi.advanceTimersByTimeAsync(0);
    expect((await outcome).error).toMatchObject({ code: 'cancelled', message: 'Unknown error' });
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
  });

  it('rejects with the error when Stripe.js failed, once the player closed the modal', async () => {
    const { buy, playerCloses } = setup([status('Created')], { createPayment: vi.fn(async () => stripeCreated) });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(0);
    playerCloses({ kind: 'failed', error: new Error('Stripe.js is not available') });
    await vi.advanceTimersByTimeAsync(0);
    expect((await outcome).error).toMatchObject({ code: 'handler_failed', message: 'Stripe.js is not available' });
  });

  it("refuses a Stripe order without the Stripe block with 'Stripe not in result'", async () => {
    const { deps, buy } = setup([], {
      createPayment: vi.fn(async () => ({ ...stripeCreated, Stripe: undefined })),
    });
    await expect(buy()).rejects.toMatchObject({ message: 'Stripe not in result' });
    expect(deps.openCheckout).not.toHaveBeenCalled();
  });
});

describe("buying through Xsolla's Pay Station widget", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the widget on the Pay Station page of the token and resolves once the server says Payed', async () => {
    const { deps, buy, playerCloses } = setup([status('Created'), status('Payed', 'Completed')], {
      createPayment: vi.fn(async () => xsollaCreated),
    });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.openCheckout).toHaveBeenCalledWith(
      { kind: 'xsolla', paymentUrl: PAY_STATION, sandbox: true },
      '100 stars',
    );
    playerCloses({ kind: 'completed' });
    await vi.advanceTimersByTimeAsync(2000);
    expect((await outcome).value?.transactionId).toBe(ID);
    expect(deps.setOptimisticStatus).not.toHaveBeenCalledWith('bearer', ID, 'Cancelled');
  });

  it("rejects with 'User closed payment window' when the widget closes unpaid", async () => {
    const { deps, buy, playerCloses } = setup([status('Created')], { createPayment: vi.fn(async () => xsollaCreated) });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(300);
    playerCloses();
    await vi.advanceTimersByTimeAsync(0);
    expect((await outcome).error).toMatchObject({ code: 'cancelled', message: 'User closed payment window' });
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
  });

  it("rejects with 'No Xsolla widget in window!' when the widget did not load", async () => {
    const { buy, playerCloses } = setup([status('Created')], { createPayment: vi.fn(async () => xsollaCreated) });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(0);
    playerCloses({ kind: 'failed', error: new Error('No Xsolla widget in window!') });
    await vi.advanceTimersByTimeAsync(0);
    expect((await outcome).error).toMatchObject({ code: 'handler_failed', message: 'No Xsolla widget in window!' });
  });

  it('refuses an Xsolla order without its block as an unsupported method', async () => {
    const { deps, buy } = setup([], { createPayment: vi.fn(async () => ({ ...xsollaCreated, Xsolla: undefined })) });
    await expect(buy()).rejects.toMatchObject({ message: 'Unsupported payment method for FxId web' });
    expect(deps.openCheckout).not.toHaveBeenCalled();
  });
});

describe("buying through YooKassa's confirmation widget", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('mounts the widget with the ConfirmationToken and resolves once the server says Payed', async () => {
    const { deps, buy, playerCloses } = setup([status('Created'), status('Payed', 'Completed')], {
      createPayment: vi.fn(async () => yookassaCreated),
    });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.openCheckout).toHaveBeenCalledWith({ kind: 'yookassa', confirmationToken: 'ct-1' }, '100 stars');
    playerCloses({ kind: 'completed' });
    await vi.advanceTimersByTimeAsync(2000);
    expect((await outcome).value?.transactionId).toBe(ID);
  });

  it("rejects with 'Payment not completed' when YooKassa refused the payment", async () => {
    const { buy } = setup([status('Created'), status('Cancelled', 'Cancelled', 'Declined')], {
      createPayment: vi.fn(async () => yookassaCreated),
    });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(2000);
    expect((await outcome).error).toMatchObject({ code: 'payment_not_completed', message: 'Payment not completed' });
  });

  it('opens the ConfirmationUrl of a Redirect payment', async () => {
    const url = 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=1';
    const redirect = {
      ...yookassaCreated,
      Yookassa: { Redirect: true, ConfirmationUrl: url, ConfirmationToken: null, Sandbox: true },
    } as CreatePaymentResult;
    const { deps, buy, playerCloses } = setup([status('Created')], { createPayment: vi.fn(async () => redirect) });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(0);
    expect(deps.openCheckout).toHaveBeenCalledWith({ kind: 'page', url }, '100 stars');
    playerCloses();
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).error).toMatchObject({ code: 'cancelled' });
  });

  it("refuses a YooKassa order with neither a token nor a redirect: 'No data for Yookassa payment'", async () => {
    for (const Yookassa of [
      undefined,
      { Redirect: true, ConfirmationUrl: null, ConfirmationToken: null },
      { Redirect: false, ConfirmationUrl: 'https://yoomoney.ru/x', ConfirmationToken: null },
    ]) {
      const withBlock = { ...yookassaCreated, Yookassa } as CreatePaymentResult;
      const { deps, buy } = setup([], { createPayment: vi.fn(async () => withBlock) });
      await expect(buy()).rejects.toMatchObject({ code: 'handler_failed', message: 'No data for Yookassa payment' });
      expect(deps.openCheckout).not.toHaveBeenCalled();
    }
  });
});

describe('an order that needs personal info', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not asked for when the account has an email', async () => {
    const { deps, buy } = setup([status('Payed', 'Completed')]);
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).value?.transactionId).toBe(ID);
    expect(deps.askPersonalInfo).not.toHaveBeenCalled();
    expect(deps.updateOrderPi).not.toHaveBeenCalled();
  });

  it('asks, sends the values with update-order-pi, then opens the checkout and completes', async () => {
    const calls: string[] = [];
    const { deps, buy } = setup([status('Payed', 'Completed')], {
      createPayment: vi.fn(async () => needsEmail),
      askPersonalInfo: vi.fn(async () => {
        calls.push('ask');
        return INFO;
      }),
      updateOrderPi: vi.fn(async () => {
        calls.push('update');
        return {};
      }),
    });
    const opened = deps.openCheckout;
    deps.openCheckout = vi.fn((...args: Parameters<typeof opened>) => {
      calls.push('checkout');
      return opened(...args);
    });
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(1000);
    expect((await outcome).value?.transactionId).toBe(ID);
    expect(calls).toEqual(['ask', 'update', 'checkout']);
    expect(deps.askPersonalInfo).toHaveBeenCalledWith({ Email: { Required: true, DefaultValue: null } }, '100 stars');
    expect(deps.updateOrderPi).toHaveBeenCalledWith('bearer', ID, INFO);
  });

  it("rejects with 'Email input cancelled' when the player cancels, cancels the order and shows no checkout", async () => {
    const { deps, buy } = setup([status('Created')], {
      createPayment: vi.fn(async () => needsEmail),
      askPersonalInfo: vi.fn(async () => null),
    });
    await expect(buy()).rejects.toMatchObject({
      name: 'PurchaseError',
      code: 'cancelled',
      message: 'Email input cancelled',
    });
    expect(deps.updateOrderPi).not.toHaveBeenCalled();
    expect(deps.openCheckout).not.toHaveBeenCalled();
    expect(deps.paymentStatus).not.toHaveBeenCalled();
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
  });

  it('stops before the checkout when the server refuses the values', async () => {
    const refusal = new ProblemError({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Email is required for this order',
      ErrorCode: 'validation_failed',
    });
    const { deps, buy } = setup([status('Created')], {
      createPayment: vi.fn(async () => needsEmail),
      updateOrderPi: vi.fn(async () => Promise.reject(refusal)),
    });
    const error = await buy().catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'invalid_request' });
    expect(JSON.parse((error as Error).message)).toMatchObject({ ErrorCode: 'validation_failed' });
    expect(deps.openCheckout).not.toHaveBeenCalled();
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
  });
});

describe("buying with Aghanim's checkout in a new tab (spec store §4)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls /store/aghanim/payment/status every second; Payed reads the purchase once and resolves', async () => {
    const { deps, buy } = setup([status('Payed', 'Completed')], aghanimPolls('Created', 'Created', 'Payed'));
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(1000);
    expect(deps.openCheckout).toHaveBeenCalledWith({ kind: 'aghanim', checkoutUrl: AGHANIM_CHECKOUT }, '100 stars');
    expect(deps.aghanimStatus).toHaveBeenCalledTimes(1);
    expect(deps.aghanimStatus).toHaveBeenCalledWith(ID);
    expect(deps.paymentStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(deps.aghanimStatus).toHaveBeenCalledTimes(3);
    expect(deps.paymentStatus).toHaveBeenCalledOnce();
    expect((await outcome).value).toEqual({
      transactionId: ID,
      stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 },
    });
  });

  it("rejects an order Aghanim ended unpaid with 'Payment not completed'", async () => {
    const { deps, buy } = setup([status('Created')], aghanimPolls('Created', 'Cancelled'));
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(2000);
    expect((await outcome).error).toMatchObject({ code: 'payment_not_completed', message: 'Payment not completed' });
    expect(deps.paymentStatus).not.toHaveBeenCalled();
  });

  it("rejects with 'Payment not completed' when the player closes the dialog unpaid", async () => {
    const { deps, buy, playerCloses } = setup([status('Created')], aghanimPolls('Created'));
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(1000);
    playerCloses();
    await vi.advanceTimersByTimeAsync(0);
    expect((await outcome).error).toMatchObject({ code: 'cancelled', message: 'Payment not completed' });
    expect(deps.setOptimisticStatus).toHaveBeenCalledWith('bearer', ID, 'Cancelled');
  });

  it("gives up after 180 s with 'Payment not completed'", async () => {
    const { deps, buy } = setup([status('Created')], aghanimPolls('Created'));
    const outcome = settle(buy());
    await vi.advanceTimersByTimeAsync(180_000);
    expect((await outcome).error).toMatchObject({ code: 'timeout', message: 'Payment not completed' });
    expect(deps.aghanimStatus).toHaveBeenCalledTimes(180);
  });
});
