import { randomBytes } from 'node:crypto';
import type { PlatformPaymentResponse } from '@fxid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../../errors.js';
import { findAccount } from '../../accounts/accounts-service.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct, type ProductRecord } from '../../catalog/products-service.js';
import { productSnapshot } from '../../store/orders-presenter.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { telegramBotApi } from './telegram-bot-api.js';
import { botApiUrl, requireBotToken } from './telegram-bots.js';
import * as repo from './telegram-repository.js';

/** Telegram's limits on an invoice (security.md §3c). */
const TITLE_MAX = 32;
const DESCRIPTION_MAX = 255;

/** The Stars price of a product, when the catalog sells it on Telegram (`PlatformPrices.telegram`). */
export function starsPriceOf(product: ProductRecord): number | undefined {
  return product.definition.PlatformPrices?.telegram;
}

/** 128 random bits, as the invoice payload: nothing secret, nothing guessable. */
const newInvoiceId = () => `tgi_${randomBytes(16).toString('base64url')}`;

/**
 * A Stars invoice for one product, bought by the signed-in player for their Telegram
 * user: the invoice row first (our id is its payload), then the link from the Bot API.
 * The price comes from the catalog only. Nothing is charged here; the order is made when
 * Telegram reports successful_payment (telegram-payments.ts).
 */
export async function createStarsInvoice(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string; developerPayload?: string | undefined },
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<PlatformPaymentResponse> {
  const token = requireBotToken(ctx, game);
  const product = await findProduct(ctx.db, game.id, input.sku);
  const stars = product && starsPriceOf(product);
  if (!product || stars === undefined) throw new NotFoundError('Product on Telegram');
  const telegramUserId = await findIdentityOfAccount(ctx.db, accountId, 'Telegram');
  // The invoice is bound to the Telegram user who will pay it (pre_checkout_query checks from.id).
  if (!telegramUserId) throw new ForbiddenError('Telegram user is missing! Sign in with Telegram to buy with Stars');
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const account = await findAccount(ctx.db, accountId);
  const fallback = game.definition.DefaultLanguage;
  const snapshot = productSnapshot(product, account?.locale ?? fallback, fallback);
  const id = newInvoiceId();
  await repo.insertInvoice(ctx.db, {
    id,
    game_id: game.id,
    account_id: accountId,
    telegram_user_id: telegramUserId,
    sku: product.row.sku,
    stars,
    developer_payload: input.developerPayload ?? null,
    created_at: ctx.now(),
  });
  const image = snapshot.ImageUrl ?? snapshot.IconUrl;
  let url: string;
  try {
    url = await telegramBotApi(botApiUrl(ctx), token).createInvoiceLink({
      title: snapshot.ProductName.slice(0, TITLE_MAX),
      description: (snapshot.ProductDescription || snapshot.ProductName).slice(0, DESCRIPTION_MAX),
      payload: id,
      amount: stars,
      photoUrl: image ? (image.startsWith('/') ? `${ctx.config.publicUrl}${image}` : image) : undefined,
    });
  } catch (error) {
    log.error({ err: error, game: game.definition.GameSystemName }, 'Telegram createInvoiceLink failed');
    throw new ServiceUnavailableError('Telegram');
  }
  return { OrderId: id, Price: { Amount: stars, Currency: 'XTR' }, Telegram: { InvoiceUrl: url } };
}
