import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ProductAlreadyOwnedError, PurchaseInProgressError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { knownPlatformPurchase, refundPlatformPurchase, takePlatformPurchase } from '../platform-purchases.js';
import { telegramBotApi } from './telegram-bot-api.js';
import { botApiUrl, requireBotToken } from './telegram-bots.js';
import * as repo from './telegram-repository.js';

/**
 * The bot's Stars updates for one game (security.md §3c): `pre_checkout_query` is
 * answered through answerPreCheckoutQuery (ok, or a refusal the player reads), and the
 * `successful_payment` service message, the only proof of payment, makes and pays the
 * order once per charge. A payment that cannot be delivered is refunded with
 * refundStarPayment. `refunded_payment` ends the order refunded.
 */

/** Why an update was refused or set aside: stable codes, answered to the webhook and logged. */
export type StarsOutcome =
  | 'approved'
  | 'paid'
  | 'duplicate'
  | 'refunded'
  | 'ignored'
  | 'unknown_invoice'
  | 'other_game'
  | 'other_user'
  | 'amount_mismatch'
  | 'already_paid'
  | 'product_already_owned'
  | 'purchase_in_progress'
  | 'product_not_sold';

/** What the player reads in Telegram when a checkout is refused. */
const REFUSAL_TEXT: Partial<Record<StarsOutcome, string>> = {
  product_already_owned: 'You already own this item.',
  purchase_in_progress: 'This item is already being bought in another window.',
  already_paid: 'This invoice is already paid.',
  product_not_sold: 'This item is no longer for sale.',
};
const DEFAULT_REFUSAL = 'This payment cannot be accepted. Please try again from the game.';

interface Payer {
  id: number;
}
interface PreCheckoutQuery {
  id: string;
  from: Payer;
  currency: string;
  total_amount: number;
  invoice_payload: string;
}
interface PaymentFacts {
  currency: string;
  total_amount: number;
  invoice_payload: string;
  telegram_payment_charge_id: string;
}
/** The part of a Bot API Update fxid reads. */
export interface TelegramUpdate {
  update_id?: number;
  pre_checkout_query?: PreCheckoutQuery;
  message?: { from?: Payer; successful_payment?: PaymentFacts; refunded_payment?: PaymentFacts };
}

interface Checked {
  invoice: repo.TelegramInvoiceRow;
}

/** The checks both updates make: the payload is our invoice, of this game, for this payer, at its price in Stars. */
async function checkInvoice(
  ctx: AppContext,
  game: GameRecord,
  facts: { payload: string; payerId: number | undefined; currency: string; amount: number },
): Promise<Checked | { refused: StarsOutcome; invoice?: repo.TelegramInvoiceRow }> {
  const invoice = await repo.findInvoice(ctx.db, facts.payload);
  if (!invoice) return { refused: 'unknown_invoice' };
  if (invoice.game_id !== game.id) return { refused: 'other_game', invoice };
  if (String(facts.payerId) !== invoice.telegram_user_id) return { refused: 'other_user', invoice };
  if (facts.currency !== 'XTR' || facts.amount !== invoice.stars) return { refused: 'amount_mismatch', invoice };
  return { invoice };
}

const purchaseKey = (game: GameRecord, invoiceId: string) => ({
  platform: 'telegram',
  gameId: game.id,
  externalOrderId: invoiceId,
  test: false,
});

/** The one-time product guard of every checkout, as an outcome. */
async function ownershipOutcome(
  ctx: AppContext,
  invoice: repo.TelegramInvoiceRow,
  game: GameRecord,
): Promise<{ refused: StarsOutcome } | { refused?: undefined }> {
  const product = await findProduct(ctx.db, game.id, invoice.sku);
  if (!product) return { refused: 'product_not_sold' as const };
  try {
    await assertCanBuyProduct(ctx, invoice.account_id, game.id, product);
    return {};
  } catch (error) {
    if (error instanceof ProductAlreadyOwnedError) return { refused: 'product_already_owned' as const };
    if (error instanceof PurchaseInProgressError) return { refused: 'purchase_in_progress' as const };
    throw error;
  }
}

/** Decides a pre-checkout query and answers it to Telegram (within its 10 s). */
async function preCheckout(ctx: AppContext, game: GameRecord, query: PreCheckoutQuery): Promise<StarsOutcome> {
  const decided = await (async (): Promise<StarsOutcome> => {
    const checked = await checkInvoice(ctx, game, {
      payload: query.invoice_payload,
      payerId: query.from?.id,
      currency: query.currency,
      amount: query.total_amount,
    });
    if ('refused' in checked) return checked.refused;
    if (await knownPlatformPurchase(ctx, purchaseKey(game, checked.invoice.id))) return 'already_paid';
    const owned = await ownershipOutcome(ctx, checked.invoice, game);
    return owned.refused ?? 'approved';
  })();
  const api = telegramBotApi(botApiUrl(ctx), requireBotToken(ctx, game));
  await api.answerPreCheckoutQuery(
    query.id,
    decided === 'approved' ? { ok: true } : { ok: false, errorMessage: REFUSAL_TEXT[decided] ?? DEFAULT_REFUSAL },
  );
  return decided;
}

/** Gives a charge back (refundStarPayment) and notes it; a failure is logged, the charge stays recorded. */
async function refundCharge(
  ctx: AppContext,
  game: GameRecord,
  charge: { userId: number; chargeId: string },
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  try {
    await telegramBotApi(botApiUrl(ctx), requireBotToken(ctx, game)).refundStarPayment(charge.userId, charge.chargeId);
    await repo.markChargeRefunded(ctx.db, charge.chargeId, ctx.now());
  } catch (error) {
    log.error({ err: error, chargeId: charge.chargeId }, 'Telegram refundStarPayment failed');
  }
}

/** successful_payment: the order is made and paid once per charge; a payment we cannot deliver is refunded. */
async function successfulPayment(
  ctx: AppContext,
  game: GameRecord,
  payer: Payer | undefined,
  payment: PaymentFacts,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<StarsOutcome> {
  const chargeId = payment.telegram_payment_charge_id;
  if (!chargeId || !payer) return 'ignored';
  if (await repo.findCharge(ctx.db, chargeId)) return 'duplicate';
  const checked = await checkInvoice(ctx, game, {
    payload: payment.invoice_payload,
    payerId: payer.id,
    currency: payment.currency,
    amount: payment.total_amount,
  });
  const charge = {
    charge_id: chargeId,
    game_id: game.id,
    telegram_user_id: String(payer.id),
    stars: payment.total_amount,
    created_at: ctx.now(),
    refunded_at: null,
  };
  /** Records the charge as refused and gives the Stars back; a repeat of it is a duplicate. */
  const refuse = async (outcome: StarsOutcome, invoiceId: string | null) => {
    const recorded = await repo.insertChargeOnce(ctx.db, {
      ...charge,
      invoice_id: invoiceId,
      outcome: `refund:${outcome}`,
    });
    if (!recorded) return 'duplicate';
    await refundCharge(ctx, game, { userId: payer.id, chargeId }, log);
    return outcome;
  };
  if ('refused' in checked) return refuse(checked.refused, checked.invoice?.id ?? null);
  const { invoice } = checked;
  const product = await findProduct(ctx.db, game.id, invoice.sku);
  if (!product) return refuse('product_not_sold', invoice.id);
  try {
    const taken = await takePlatformPurchase(ctx, {
      adapter: 'telegram',
      platform: 'Telegram',
      game,
      product,
      accountId: invoice.account_id,
      externalOrderId: invoice.id,
      externalAmount: invoice.stars,
      test: false,
      locale: undefined,
      developerPayload: invoice.developer_payload,
      onTaken: async (trx) => {
        await repo.insertChargeOnce(trx, { ...charge, invoice_id: invoice.id, outcome: 'paid' });
      },
    });
    if (!taken.duplicate) return 'paid';
  } catch (error) {
    // A racing order of the same one-time product was paid first (the unique index decided).
    if (error instanceof PurchaseInProgressError || error instanceof ProductAlreadyOwnedError) {
      return refuse('product_already_owned', invoice.id);
    }
    throw error;
  }
  // The invoice was paid before: by this very charge (a repeat that raced the first), or a second time.
  if (await repo.findCharge(ctx.db, chargeId)) return 'duplicate';
  return refuse('already_paid', invoice.id);
}

/** refunded_payment: Telegram gave the Stars of a paid charge back; its order ends refunded, once. */
async function refundedPayment(ctx: AppContext, game: GameRecord, payment: PaymentFacts): Promise<StarsOutcome> {
  const charge = await repo.findCharge(ctx.db, payment.telegram_payment_charge_id);
  if (!charge || charge.game_id !== game.id || !charge.invoice_id) return 'unknown_invoice';
  await repo.markChargeRefunded(ctx.db, charge.charge_id, ctx.now());
  if (charge.outcome !== 'paid') return 'refunded';
  const done = await refundPlatformPurchase(
    ctx,
    purchaseKey(game, charge.invoice_id),
    `telegram charge ${charge.charge_id} refunded by Telegram`,
  );
  return done ? 'refunded' : 'unknown_invoice';
}

/** One bot update for a game whose webhook secret was already checked. */
export async function handleTelegramUpdate(
  ctx: AppContext,
  game: GameRecord,
  update: TelegramUpdate,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<StarsOutcome> {
  if (update.pre_checkout_query) return preCheckout(ctx, game, update.pre_checkout_query);
  const message = update.message;
  if (message?.successful_payment) return successfulPayment(ctx, game, message.from, message.successful_payment, log);
  if (message?.refunded_payment) return refundedPayment(ctx, game, message.refunded_payment);
  // Chat messages, commands, …: not ours to act on; acknowledged so that Telegram stops retrying.
  return 'ignored';
}
