import type { Bank131FormResponse, Bank131PayResponse, Bank131SbpResponse } from '@fxid/contract';
import type { AppContext } from '../../../../context.js';
import type { Bank131CheckoutsTable } from '../../../../db/schema.js';
import { NotFoundError, OrderStatusConflictError, ValidationError } from '../../../../errors.js';
import { paymentFormProduct } from '../../payment-form-product.js';
import type { Bank131Provider } from './bank131.js';
import type { Bank131Checkout } from './bank131-repository.js';

const FORM_STATUS: Record<Bank131CheckoutsTable['status'], Bank131FormResponse['Status']> = {
  open: 'Open',
  processing: 'Processing',
  paid: 'Paid',
  declined: 'Declined',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The faster payments system (SBP) takes roubles only. */
const SBP_CURRENCY = 'RUB';

/**
 * The checkout behind a form token, for the order named with it: an unknown token and
 * someone else's order are the same 404, so the answer tells a guesser nothing.
 */
async function checkoutOf(bank: Bank131Provider, token: string, publicId: string): Promise<Bank131Checkout> {
  const checkout = await bank.findCheckout(token);
  if (!checkout || checkout.public_order_id !== publicId) throw new NotFoundError('Payment form');
  return checkout;
}

/** The order's e-mail as a mail address (spec store §3 address block), where the receipt goes. */
function mailAddressOf(email: string | null | undefined): Bank131FormResponse['Address'] {
  const at = email?.lastIndexOf('@') ?? -1;
  if (!email || at < 1) return undefined;
  return { DisplayName: '', User: email.slice(0, at), Host: email.slice(at + 1), Address: email };
}

/** GET /bank131/form/{Token}?PublicId: what the card payment form page shows (spec store §3). */
export async function loadBank131Form(
  ctx: AppContext,
  bank: Bank131Provider,
  token: string,
  publicId: string,
  locale: string,
): Promise<Bank131FormResponse> {
  const checkout = await checkoutOf(bank, token, publicId);
  const { order, product } = await paymentFormProduct(ctx, checkout, locale);
  const open = checkout.status === 'open';
  // Only an open form offers a card and the widget; a decided one shows its outcome.
  const [card, publicToken] = open
    ? await Promise.all([bank.savedCard(checkout.customer_ref), bank.widgetToken()])
    : [undefined, undefined];
  const address = mailAddressOf(order?.pi_email);
  return {
    Status: FORM_STATUS[checkout.status],
    Bank: { DemoMode: bank.config.demo, ApiType: bank.config.apiType },
    Product: product,
    // One return page shows every outcome: it polls the order until the notification lands.
    RedirectUris: { Success: checkout.return_url, Failure: checkout.return_url },
    ...(address && { Address: address }),
    ...(card && { Card: { Brand: card.brand, Last4: card.last4 } }),
    ...(publicToken && { Widget: { PublicToken: publicToken, ScriptUrl: bank.config.widgetUrl } }),
    Sbp: checkout.currency === SBP_CURRENCY,
    PublicId: checkout.public_order_id,
  };
}

/**
 * POST /bank131/form/{Token}: Pay with the widget's card token or the saved card, or Cancel.
 * The bank decides and notifies fxid; only its notification moves the order.
 */
export async function payBank131Form(
  bank: Bank131Provider,
  token: string,
  body: { PublicId: string; Choice: 'Pay' | 'Abandon'; CardToken?: string | undefined },
): Promise<Bank131PayResponse> {
  const checkout = await checkoutOf(bank, token, body.PublicId);
  if (body.Choice === 'Abandon') {
    await bank.abandon(checkout);
    return { Success: true, Data: { Success: false } };
  }
  if (!body.CardToken && !(await bank.savedCard(checkout.customer_ref))) {
    throw new ValidationError([{ Field: 'body.CardToken', Message: 'A card is required: no card is saved' }]);
  }
  await bank.pay(checkout, body.CardToken ? { kind: 'card', cardToken: body.CardToken } : { kind: 'recurrent' });
  return { Success: true, Data: { Success: true } };
}

/**
 * POST /bank131/pay_with_sbp: starts the SBP payment once, then gives the QR as soon as the
 * bank has issued it (its action_required notification); the page asks again until then.
 */
export async function payBank131WithSbp(
  bank: Bank131Provider,
  token: string,
  publicId: string,
): Promise<Bank131SbpResponse> {
  let checkout = await checkoutOf(bank, token, publicId);
  if (checkout.currency !== SBP_CURRENCY) {
    throw new ValidationError([{ Field: 'body.Token', Message: 'SBP takes roubles only' }]);
  }
  if (checkout.status === 'open') {
    await bank.pay(checkout, { kind: 'sbp' });
    checkout = (await bank.findCheckout(token)) ?? checkout;
  } else if (checkout.method !== 'sbp') {
    throw new OrderStatusConflictError(`checkout ${checkout.status}`, 'SBP');
  }
  const qr = checkout.sbp_qr_content ? { Content: checkout.sbp_qr_content, Image: checkout.sbp_qr_image } : null;
  return { Qr: qr };
}
