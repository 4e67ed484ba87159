import { ProblemError } from '../../shared/api/problem';
import type { Logger } from '../../shared/lib/logger';
import type { AghanimPaymentStatus } from './api/aghanim-status';
import type { CreatePaymentBody, CreatePaymentResult } from './api/create-payment';
import type { OptimisticOrderStatus } from './api/optimistic-order-status';
import type { PaymentStatus } from './api/payment-status';
import type { OrderPersonalInfoBody, PersonalInfoRequirements } from './personal-info';
import { PurchaseError, purchaseMessages } from './purchase-error';
import { PURCHASE_TIMINGS } from './timings';

/** What a finished purchase tells the game (spec store §3, "Purchase result"). */
export interface PurchaseOutcome {
  transactionId: string;
  stats: { currency: string; currencyAmount: number; usdAmount?: number };
}

export interface PurchaseRequest {
  game: string;
  sku: string;
  /** Platform name the API expects, e.g. `FxId`. */
  platform: string;
  developerPayload?: string;
  /** A host platform's proof of the buyer (spec store §3), e.g. `{ CrazyGames: { AccessToken } }`. */
  platformBlock?: { CrazyGames?: { AccessToken: string } };
}

/**
 * What the player pays in: the provider's page (sandbox, redirect flows), Stripe's embedded
 * checkout, Xsolla's Pay Station in its embed widget, YooKassa's widget, Aghanim's checkout in a new tab, or
 * Money.Mail.Ru's payment window.
 */
export type CheckoutTarget =
  | { kind: 'page'; url: string }
  | { kind: 'stripe'; publishableKey: string; clientSecret: string }
  | { kind: 'xsolla'; paymentUrl: string; sandbox: boolean }
  | { kind: 'yookassa'; confirmationToken: string }
  | { kind: 'aghanim'; checkoutUrl: string }
  | { kind: 'moneymailru'; paymentUri: string };

/**
 * How a checkout modal went: `completed` when the provider's widget reported the payment
 * done before it closed (Stripe's onComplete), `failed` when the widget broke, else `dismissed`.
 */
export type CheckoutEnd = { kind: 'completed' } | { kind: 'dismissed' } | { kind: 'failed'; error: unknown };

/** The checkout shown to the player; `closed` settles however it was closed. */
export interface CheckoutWindow {
  closed: Promise<CheckoutEnd>;
  close(): void;
}

/** Everything the flow needs from the page: the API, sign-in and a way to show the checkout. */
export interface PurchaseDeps {
  /** The current bearer token, read at call time (sign-in may change it). */
  token(): string | null;
  /** Opens the login modal; true once the player signed in. */
  signIn(): Promise<boolean>;
  createPayment(token: string, body: CreatePaymentBody): Promise<CreatePaymentResult>;
  paymentStatus(token: string, game: string, transactionId: string): Promise<PaymentStatus>;
  /** GET /store/aghanim/payment/status: what an order paid in Aghanim's tab is polled with (spec store §4, §7). */
  aghanimStatus(publicOrderId: string): Promise<AghanimPaymentStatus>;
  setOptimisticStatus(
    token: string,
    transactionId: string,
    status: 'Completed' | 'Cancelled',
  ): Promise<OptimisticOrderStatus>;
  openCheckout(target: CheckoutTarget, productName: string): CheckoutWindow;
  /**
   * The confirm-purchase-with-personal-info modal (spec store §2): the values the player
   * confirmed, or null when they cancelled.
   */
  askPersonalInfo(requirements: PersonalInfoRequirements, productName: string): Promise<OrderPersonalInfoBody | null>;
  updateOrderPi(token: string, publicOrderId: string, info: OrderPersonalInfoBody): Promise<unknown>;
  logger: Logger;
  timings?: Partial<typeof PURCHASE_TIMINGS>;
}

type Waited =
  | { kind: 'paid'; status: PaymentStatus }
  | { kind: 'declined' }
  | { kind: 'abandoned' }
  | { kind: 'closed' }
  | { kind: 'broken'; error: unknown }
  | { kind: 'timeout' };

/** One poll's answer: the full payment status, or (Aghanim, unpaid) just where the checkout stands. */
type Polled = PaymentStatus | Pick<PaymentStatus, 'Status' | 'CancelReason'>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Buys one product on the own platform (spec store §4): sign-in if needed, create the
 * payment, show the provider's checkout, poll the status every second for up to
 * 180 s, tell the server how it ended (advisory), and resolve with the purchase
 * result or reject with a PurchaseError whose code the game can branch on.
 */
export async function runPurchase(deps: PurchaseDeps, request: PurchaseRequest): Promise<PurchaseOutcome> {
  const timings = { ...PURCHASE_TIMINGS, ...deps.timings };
  const token = await requireToken(deps);
  const created = await deps
    .createPayment(token, {
      Game: request.game,
      Sku: request.sku,
      WebPublishingPlatform: request.platform,
      EmbeddingType: 'Embed',
      ...(request.developerPayload ? { DeveloperPayload: { MerchantDeveloperPayload: request.developerPayload } } : {}),
      ...request.platformBlock,
    })
    .catch((error: unknown) => {
      throw fromApiError(error);
    });
  const id = created.TransactionId;
  const productName = created.OrderProduct.LocalizedProductName;
  const target = checkoutTarget(created);
  // Spec store §4: a Stripe checkout closed unpaid rejects with 'Unknown error'; Aghanim's, 'Payment not completed'
  // (anything but Payed); a page, 'User closed payment window'.
  const closedMessage =
    target.kind === 'stripe'
      ? purchaseMessages.unknownError
      : target.kind === 'aghanim'
        ? purchaseMessages.notCompleted
        : purchaseMessages.closed;

  const optimistic = (status: 'Completed' | 'Cancelled') =>
    deps.setOptimisticStatus(token, id, status).catch((error: unknown) => {
      // Spec store §4: a failure of that call is only logged.
      deps.logger.warn(`optimistic status ${status} of ${id} was not taken`, error);
      return undefined;
    });

  // Spec store §4: asked only when the order requires it; the values are sent, then the purchase goes on.
  if (created.PersonalInfoRequirements.Email.Required) {
    const info = await deps.askPersonalInfo(created.PersonalInfoRequirements, productName);
    if (!info) {
      void optimistic('Cancelled');
      throw new PurchaseError('cancelled', purchaseMessages.emailInputCancelled);
    }
    await deps.updateOrderPi(token, id, info).catch((error: unknown) => {
      void optimistic('Cancelled');
      throw fromApiError(error);
    });
  }

  const checkout = deps.openCheckout(target, productName);
  let closedByPlayer = false;
  let checkoutGone = false;
  let brokenBy: { error: unknown } | undefined;
  let settled = false;
  void checkout.closed.then((end) => {
    checkoutGone = true;
    if (settled) return;
    // A checkout that reported completion closed itself: the payment is now waited for, not given up.
    if (end.kind === 'failed') brokenBy = { error: end.error };
    if (end.kind !== 'completed') closedByPlayer = true;
  });
  const closeSoon = () => setTimeout(() => checkout.close(), timings.closeDelayMs);
  const deadline = Date.now() + timings.pollTimeoutMs;

  /** Spec store §4: Aghanim's order is polled by its own status call; Payed then reads the purchase's figures once. */
  const pollAghanim = async (): Promise<Polled> => {
    const polled = await deps.aghanimStatus(id);
    if (polled.Status === 'Payed') return deps.paymentStatus(token, request.game, id);
    // Anything but Payed that ended the order rejects with 'Payment not completed' (as a decline does).
    return { Status: polled.Status, CancelReason: polled.Status === 'Cancelled' ? 'Declined' : null };
  };

  const readStatus = async (): Promise<Polled | undefined> => {
    try {
      if (target.kind === 'aghanim') return await pollAghanim();
      return await deps.paymentStatus(token, request.game, id);
    } catch (error) {
      // A lost poll is retried on the next tick; a refusal (signed out, unknown order) is final.
      if (error instanceof ProblemError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        throw fromApiError(error);
      }
      deps.logger.warn(`payment status of ${id} could not be read`, error);
      return undefined;
    }
  };

  const waitForPayment = async (): Promise<Waited> => {
    let watchingClosed = true;
    while (Date.now() < deadline) {
      const remaining = deadline - Date.now();
      await (watchingClosed
        ? Promise.race([sleep(Math.min(timings.pollIntervalMs, remaining)), checkout.closed])
        : sleep(Math.min(timings.pollIntervalMs, remaining)));
      const status = await readStatus();
      if (status?.Status === 'Payed' && 'Stats' in status) return { kind: 'paid', status };
      // The server says why: the provider refused the payment, or the checkout was left.
      if (status?.Status === 'Cancelled')
        return { kind: status.CancelReason === 'Declined' ? 'declined' : 'abandoned' };
      if (closedByPlayer && watchingClosed) {
        // The player may have paid a moment before closing: only a checkout the server
        // could cancel counts as closed; one the provider already took is waited for.
        const answer = await optimistic('Cancelled');
        if (!answer || answer.Order.Status === 'Cancelled')
          return brokenBy ? { kind: 'broken', ...brokenBy } : { kind: 'closed' };
        watchingClosed = false;
      }
      // A checkout that closed itself after completion: wait on the clock alone from now on.
      if (checkoutGone) watchingClosed = false;
    }
    return { kind: 'timeout' };
  };

  let waited: Waited;
  try {
    waited = await waitForPayment();
  } catch (error) {
    settled = true;
    checkout.close();
    throw error;
  }
  settled = true;
  switch (waited.kind) {
    case 'paid': {
      void optimistic('Completed');
      closeSoon();
      const { currency, currencyAmount, usdAmount } = waited.status.Stats;
      return {
        transactionId: id,
        stats: { currency, currencyAmount, ...(usdAmount === null ? {} : { usdAmount }) },
      };
    }
    case 'declined':
      void optimistic('Cancelled');
      closeSoon();
      throw new PurchaseError('payment_not_completed', purchaseMessages.notCompleted);
    case 'abandoned':
      void optimistic('Cancelled');
      closeSoon();
      throw new PurchaseError('cancelled', closedMessage);
    case 'closed':
      throw new PurchaseError('cancelled', closedMessage);
    case 'broken':
      // A checkout that failed in its own terms (Money.Mail.Ru's payError) says so; anything else broke.
      if (waited.error instanceof PurchaseError) throw waited.error;
      throw new PurchaseError(
        'handler_failed',
        waited.error instanceof Error ? waited.error.message : String(waited.error),
      );
    case 'timeout':
      void optimistic('Cancelled');
      checkout.close();
      throw new PurchaseError('timeout', purchaseMessages.notCompleted);
  }
}

/** Where the player pays, from the provider's block of the checkout start (spec store §3). */
function checkoutTarget(created: CreatePaymentResult): CheckoutTarget {
  if (created.Merchant === 'stripe') {
    const stripe = created.Stripe;
    if (!stripe?.SessionClientSecret) throw new PurchaseError('handler_failed', purchaseMessages.stripeMissing);
    return { kind: 'stripe', publishableKey: stripe.PublishableKey, clientSecret: stripe.SessionClientSecret };
  }
  if (created.Merchant === 'xsolla') {
    if (!created.Xsolla) throw new PurchaseError('unsupported', purchaseMessages.unsupportedMethod);
    return { kind: 'xsolla', paymentUrl: created.Xsolla.ConfirmationUrl, sandbox: created.Xsolla.Sandbox };
  }
  if (created.Merchant === 'yookassa') {
    // Spec store §4: a Redirect with its ConfirmationUrl, or a ConfirmationToken for the widget.
    const yookassa = created.Yookassa;
    if (yookassa?.ConfirmationToken) return { kind: 'yookassa', confirmationToken: yookassa.ConfirmationToken };
    if (yookassa?.Redirect && yookassa.ConfirmationUrl) return { kind: 'page', url: yookassa.ConfirmationUrl };
    throw new PurchaseError('handler_failed', purchaseMessages.noYookassaData);
  }
  if (created.Merchant === 'aghanim') {
    if (!created.Aghanim) throw new PurchaseError('unsupported', purchaseMessages.unsupportedMethod);
    return { kind: 'aghanim', checkoutUrl: created.Aghanim.CheckoutUrl };
  }
  if (created.Merchant === 'moneymailru') {
    if (!created.MoneyMailRu) throw new PurchaseError('unsupported', purchaseMessages.unsupportedMethod);
    return { kind: 'moneymailru', paymentUri: created.MoneyMailRu.PaymentUri };
  }
  const url = created.Sandbox?.CheckoutUrl ?? created.ConfirmationUrl;
  if (!url) throw new PurchaseError('unsupported', purchaseMessages.unsupportedMethod);
  return { kind: 'page', url };
}

/** The bearer token, asking an anonymous player to sign in first (spec store §6: buying needs an account). */
async function requireToken(deps: PurchaseDeps): Promise<string> {
  const current = deps.token();
  if (current) return current;
  if (!(await deps.signIn())) throw new PurchaseError('guest', purchaseMessages.notAuthorized);
  const token = deps.token();
  if (!token) throw new PurchaseError('guest', purchaseMessages.notAuthorized);
  return token;
}

/** Spec store §8: a purchase error's message is the serialized problem details; the code says what kind. */
function fromApiError(error: unknown): PurchaseError {
  if (!(error instanceof ProblemError)) {
    return new PurchaseError('handler_failed', error instanceof Error ? error.message : String(error));
  }
  const message = JSON.stringify(error.problem);
  if (error.status === 401) return new PurchaseError('guest', message);
  const code = error.problem.ErrorCode;
  if (code === 'product_already_owned' || code === 'purchase_in_progress') return new PurchaseError(code, message);
  if (error.status === 404 || error.status === 400) return new PurchaseError('invalid_request', message);
  if (error.status === 429 || error.status === 503) return new PurchaseError('not_available', message);
  return new PurchaseError('handler_failed', message);
}
