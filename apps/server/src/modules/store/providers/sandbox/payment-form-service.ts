import type { PaymentFormChoiceResponse, PaymentFormResponse } from '@fxid/contract';
import type { AppContext } from '../../../../context.js';
import type { SandboxPaymentsTable } from '../../../../db/schema.js';
import { NotFoundError, OrderStatusConflictError } from '../../../../errors.js';
import { paymentFormProduct } from '../../payment-form-product.js';
import { type SavedCard, savedCardOf } from './card-brand.js';
import type { SandboxChoice, SandboxProvider } from './sandbox.js';
import type { SandboxPayment } from './sandbox-repository.js';

/** What the form page says of a checkout: open for a choice, or its outcome. */
const FORM_STATUS: Record<SandboxPaymentsTable['status'], PaymentFormResponse['Status']> = {
  open: 'Open',
  paid: 'Paid',
  declined: 'Declined',
  abandoned: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * The sandbox checkout behind a payment form token. Unknown tokens and (with `publicId`)
 * someone else's checkouts are the same 404, so the answer tells a guesser nothing.
 */
async function openCheckout(sandbox: SandboxProvider, token: string, publicId?: string): Promise<SandboxPayment> {
  const checkout = await sandbox.findCheckout(token);
  if (!checkout || (publicId !== undefined && checkout.public_order_id !== publicId)) {
    throw new NotFoundError('Payment form');
  }
  return checkout;
}

/** GET /store/payment_form/{Token}: what the card payment form page `/{token}` shows (spec store §3). */
export async function loadPaymentForm(
  ctx: AppContext,
  sandbox: SandboxProvider,
  token: string,
  locale: string,
): Promise<PaymentFormResponse> {
  const checkout = await openCheckout(sandbox, token);
  const { product } = await paymentFormProduct(ctx, checkout, locale);
  // Only an open checkout offers a card; a decided one shows just its outcome.
  const card = checkout.status === 'open' ? await sandbox.savedCard(checkout.customer_ref) : undefined;
  return {
    // A decided checkout still answers (to the token's holder only), so going back to the
    // page after paying shows the outcome and the way to the order instead of a dead end.
    Status: FORM_STATUS[checkout.status],
    Bank: { DemoMode: true, ApiType: 'Sandbox' },
    Product: product,
    // One return page shows every outcome: it polls the order until the notification lands.
    RedirectUris: { Success: checkout.return_url, Failure: checkout.return_url },
    ...(card && { Card: { Brand: card.brand, Last4: card.last4 } }),
    PublicId: checkout.public_order_id,
  };
}

/**
 * POST /store/payment_form/{Token}: the player's Pay, Decline or Cancel (Abandon). The
 * sandbox closes the checkout and queues its signed notification to fxid's webhook in one
 * transaction, as a real bank would notify; the order changes only through that. A Pay
 * with a card number keeps that card's brand and last four digits for the buyer's next
 * checkout; a Pay without one uses the saved card (or, with none, the sandbox's test card).
 */
export async function choosePaymentForm(
  sandbox: SandboxProvider,
  token: string,
  publicId: string,
  choice: SandboxChoice,
  cardNumber?: string,
): Promise<PaymentFormChoiceResponse> {
  const checkout = await openCheckout(sandbox, token, publicId);
  // Only a Pay keeps a card; Decline and Cancel look nothing up.
  let card: SavedCard | undefined;
  if (choice === 'Pay') card = cardNumber ? savedCardOf(cardNumber) : await sandbox.savedCard(checkout.customer_ref);
  if (!(await sandbox.choose(checkout.id, choice, card))) {
    throw new OrderStatusConflictError(`checkout ${checkout.status}`, choice);
  }
  return { Success: true, Data: { Success: choice === 'Pay' } };
}
