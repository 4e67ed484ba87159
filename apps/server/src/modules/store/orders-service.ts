import type { CreatePaymentRequest, CreatePaymentResponse, PaymentStatusResponse, PlatformName } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import {
  GameNotFoundError,
  NotFoundError,
  OrderStatusConflictError,
  PaymentsNotAvailableError,
  PurchaseInProgressError,
  ServiceUnavailableError,
} from '../../errors.js';
import { portalRouteUrl } from '../../http/portal-urls.js';
import { newId } from '../../lib/ids.js';
import { randomBytesPooled } from '../../lib/random-bytes.js';
import { findAccount } from '../accounts/accounts-service.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { findProduct, findTieredProducts, listProducts } from '../catalog/products-service.js';
import { adapterOf } from '../games/games-service.js';
import { orderLines } from './order-lines.js';
import { endOf, moveOrder, type OrderStep, recordCreation, transitionOrder } from './order-state-machine.js';
import { orderStatusOf, productSnapshot, purchaseStats, tierFields, toOrder } from './orders-presenter.js';
import * as repo from './orders-repository.js';
import { assertCanBuy, isOneTime, listPurchases, ownedOneTimeSkus } from './ownership-service.js';
import { paymentWay } from './payment-routing.js';
import { currencySymbol, localizedPrice, usdAmount } from './prices.js';
import { requireGameOnPlatform } from './store-front-service.js';

/** 128 random bits: order ids cannot be guessed or enumerated. */
function newPublicOrderId(): string {
  return `ord_${randomBytesPooled(16).toString('base64url')}`;
}

export interface CreatePaymentOptions {
  /** Where the provider sends the player back; the portal's return page otherwise. */
  returnUrl?: (publicOrderId: string) => string;
  /** Runs inside the transaction that creates the order (links made with it exist exactly when it does). */
  onCreated?: (trx: repo.Db, order: repo.OrderRow) => Promise<void>;
}

/** What an order needs from the player before the checkout: an email when the account has none. */
export function personalInfoRequirements(accountEmail: string | null | undefined, orderEmail: string | null) {
  return { Email: { Required: !accountEmail, DefaultValue: orderEmail ?? accountEmail ?? null } };
}

/**
 * Creates an order for one catalog product and opens the provider's checkout.
 * Price, currency and quantity come from the catalog only; the request names a
 * sku and nothing else that costs money. A tiered product brings the products it
 * bundles as additional products; the total stays the main product's price.
 */
export async function createPayment(
  ctx: AppContext,
  accountId: string,
  input: CreatePaymentRequest,
  options: CreatePaymentOptions = {},
): Promise<CreatePaymentResponse> {
  const game = await requireGameOnPlatform(ctx, input.Game, input.WebPublishingPlatform);
  // Refused before anything else when no provider takes this game's checkouts here at all.
  webCheckoutFor(ctx, game, input.WebPublishingPlatform);
  const product = await findProduct(ctx.db, game.id, input.Sku);
  if (!product) throw new NotFoundError('Product');
  // The provider that takes the product's currency (PaymentProviders.*.Currencies).
  const { checkout: chosen, authorize } = webCheckoutFor(
    ctx,
    game,
    input.WebPublishingPlatform,
    product.row.price_currency,
  );
  const provider = chosen.provider;
  // A host platform selling through the web checkout vouches for the buyer first (CrazyGames' user token).
  await authorize?.(ctx, accountId, game, input);
  const tiers = await findTieredProducts(ctx.db, game.id, product);
  await assertCanBuy(ctx, accountId, game.id, product, tiers);
  const account = await findAccount(ctx.db, accountId);
  const locale = account?.locale ?? game.definition.DefaultLanguage;
  const snapshot = productSnapshot(product, locale, game.definition.DefaultLanguage);
  const now = ctx.now();
  const amount = product.row.price_amount;
  const currency = product.row.price_currency;
  const order: repo.OrderRow = {
    id: newId(),
    public_id: newPublicOrderId(),
    account_id: accountId,
    game_id: game.id,
    status: 'Created',
    total_amount: amount,
    currency,
    usd_amount: usdAmount(amount, currency),
    platform: input.WebPublishingPlatform,
    embedding_type: input.EmbeddingType,
    provider: chosen.key,
    provider_ref: null,
    developer_payload: input.DeveloperPayload?.MerchantDeveloperPayload ?? null,
    pi_email: account?.email ?? null,
    pi_phone: null,
    pi_auto_confirm: 0,
    created_at: now,
    updated_at: now,
    completed_at: null,
    exclusive_sku: isOneTime(product) ? product.row.sku : null,
    consumed_at: null,
  };
  const products = orderLines(
    order.id,
    { main: product, tiers },
    { amount, currency },
    { locale, fallbackLocale: game.definition.DefaultLanguage },
    now,
  );
  const request = {
    publicOrderId: order.public_id,
    amount,
    currency,
    description: snapshot.ProductName,
    sku: product.row.sku,
    embeddingType: input.EmbeddingType,
    returnUrl: options.returnUrl?.(order.public_id) ?? portalRouteUrl(ctx.config, `Store/Return/${order.public_id}`),
    idempotencyKey: `order:${order.id}:create-checkout`,
    customerRef: accountId,
  };
  const creation = `create_payment by account ${accountId}`;
  const opening: OrderStep[] = [{ to: 'WaitingForPayment', cause: `checkout opened at ${provider.name}` }];
  /** The order with its products and whatever the caller links to it, inserted `past` these steps from Created. */
  const create = async (trx: repo.Db, row: repo.OrderRow, past: OrderStep[]) => {
    await repo.insertOrder(trx, row, products);
    await recordCreation(trx, order.id, creation, now, past);
    await options.onCreated?.(trx, row);
  };
  const createCheckoutIn = provider.createCheckoutIn?.bind(provider);
  let checkout: Awaited<ReturnType<typeof provider.createCheckout>> | undefined;
  try {
    checkout = await ctx.db.transaction().execute(async (trx) => {
      if (!createCheckoutIn) {
        await create(trx, order, []);
        return undefined;
      }
      // A checkout in our own database (the sandbox) opens first, in the same transaction: the
      // order row is written once, already WaitingForPayment, with both steps in its history.
      const opened = await createCheckoutIn(trx, request);
      const status = endOf('Created', opening);
      await create(trx, { ...order, status, provider_ref: opened.providerRef }, opening);
      return opened;
    });
  } catch (error) {
    // A concurrent checkout of the same one-time product was created first (orders_exclusive_purchase).
    if (order.exclusive_sku && repo.isUniqueViolation(error)) throw new PurchaseInProgressError(order.exclusive_sku);
    throw error;
  }

  // A provider over the network: the order exists (Created) before the call, so a crash during it leaves a trace.
  if (!checkout) {
    try {
      checkout = await provider.createCheckout(request);
    } catch (error) {
      await ctx.db
        .transaction()
        .execute((trx) =>
          transitionOrder(trx, order.id, 'Created', 'Cancelled', `checkout failed: ${String(error)}`, ctx.now()),
        );
      throw new ServiceUnavailableError('The payment provider');
    }
    const providerRef = checkout.providerRef;
    await ctx.db.transaction().execute(async (trx) => {
      await repo.setProviderRef(trx, order.id, providerRef, ctx.now());
      await moveOrder(trx, order.id, 'Created', opening, ctx.now());
    });
  }

  // Presented as this call left it, from what it wrote (no read back).
  const opened = { ...order, status: 'WaitingForPayment', provider_ref: checkout.providerRef };
  return {
    TransactionId: order.public_id,
    OrderPrice: { Amount: amount, Currency: currency },
    ConfirmationUrl: checkout.confirmationUrl,
    Merchant: provider.name,
    OrderProduct: {
      Sku: product.row.sku,
      Price: amount,
      Currency: currency,
      UsdPrice: order.usd_amount,
      LocalizedProductName: snapshot.ProductName,
      LocalizedProductDescription: snapshot.ProductDescription,
      ImageUrl: snapshot.ImageUrl,
      ...tierFields(tiers.map((tier) => tier.row.sku)),
    },
    PriceData: {
      Price: amount,
      Currency: currencySymbol(currency, locale),
      CurrencyIso4217: currency,
      LocalizedPrice: localizedPrice(amount, currency, locale),
    },
    DryRunMetadata: null,
    PersonalInfoRequirements: personalInfoRequirements(account?.email, order.pi_email),
    ...checkout.block,
    Order: toOrder(opened, products, game.definition.GameSystemName),
  };
}

/**
 * The web payment provider a checkout of the game on this platform goes to; 503
 * payments_not_available when there is none: no provider enabled for the game, or a
 * platform that is paid through its own payments (or not at all).
 */
function webCheckoutFor(ctx: AppContext, game: GameRecord, platform: PlatformName, currency?: string) {
  const adapter = adapterOf(platform);
  const way = adapter ? paymentWay(ctx, game, adapter, currency) : { kind: 'none' as const, why: 'unknown platform' };
  if (way.kind === 'web') return way;
  const why = way.kind === 'platform' ? "buy through the platform's own payments" : way.why;
  throw new PaymentsNotAvailableError(game.definition.GameSystemName, platform, why);
}

/** The caller's own order in the named game; 404 for anyone else's, so ids cannot be probed. */
export async function requireOwnOrder(ctx: AppContext, accountId: string, game: string | undefined, publicId: string) {
  const order = await repo.findOrderByPublicId(ctx.db, publicId);
  if (!order || order.account_id !== accountId) throw new NotFoundError('Order');
  const products = await repo.listOrderProducts(ctx.db, order.id);
  const gameName = await ctx.catalog.systemNameOf(order.game_id);
  if (game !== undefined && gameName !== game) throw new NotFoundError('Order');
  return { order, presented: toOrder(order, products, gameName) };
}

/**
 * The order's status as the portal polls it; Payed only once the provider's notification
 * arrived. Without a game (the return page knows only the order id) any own order is found.
 */
export async function getPaymentStatus(
  ctx: AppContext,
  accountId: string,
  game: string | undefined,
  publicId: string,
): Promise<PaymentStatusResponse> {
  const { order, presented } = await requireOwnOrder(ctx, accountId, game, publicId);
  return {
    TransactionId: publicId,
    Status: presented.CheckoutStatus,
    Order: presented,
    Stats: purchaseStats(order),
    CancelReason: await cancelReason(ctx, order),
  };
}

/** Why an unpaid order was cancelled: declined by the provider, else left by the player (closed, abandoned, timed out). */
async function cancelReason(ctx: AppContext, order: repo.OrderRow): Promise<PaymentStatusResponse['CancelReason']> {
  if (orderStatusOf(order) !== 'Cancelled') return null;
  return (await repo.wasCancelledByDecline(ctx.db, order.id)) ? 'Declined' : 'UserCancelled';
}

/**
 * The portal's optimistic status (spec store §4). The client cannot pay an order:
 * Completed is refused unless the order is paid (delivered or on its way). Cancelled closes an unpaid
 * checkout, unless the provider says the player has in fact paid.
 */
export async function setOptimisticStatus(
  ctx: AppContext,
  accountId: string,
  publicId: string,
  wanted: 'Completed' | 'Cancelled',
) {
  const { order, presented } = await requireOwnOrder(ctx, accountId, undefined, publicId);
  const status = orderStatusOf(order);
  if (presented.Status === wanted) return { Order: presented };
  // Paid and on its way to the game: the portal saw the payment succeed before delivery
  // finished. Nothing to change; the order completes when the game takes it.
  if (wanted === 'Completed' && status === 'PayedWaitingForSending') return { Order: presented };
  if (wanted === 'Completed') throw new OrderStatusConflictError(status, 'Completed');
  if (status !== 'Created' && status !== 'WaitingForPayment') throw new OrderStatusConflictError(status, 'Cancelled');
  const provider = ctx.payments.get(order.provider);
  if (order.provider_ref && provider) {
    if ((await provider.fetchStatus(order.provider_ref)) === 'paid') return { Order: presented };
    await provider.cancelCheckout(order.provider_ref);
  }
  await ctx.db
    .transaction()
    .execute((trx) =>
      transitionOrder(trx, order.id, status, 'Cancelled', 'the player closed the checkout (client)', ctx.now()),
    );
  return { Order: (await requireOwnOrder(ctx, accountId, undefined, publicId)).presented };
}

/**
 * Which of the game's products the player has completed orders for, which one-time
 * products they own, and the paid purchases the game has yet to collect (getPurchases).
 */
export async function checkBuyProducts(ctx: AppContext, accountId: string, gameName: string, skus?: string[]) {
  // Whatever platform the game is on now, what was bought stays bought.
  const game = await ctx.catalog.find(gameName);
  if (!game) throw new GameNotFoundError(gameName);
  const bought = await repo.completedPurchases(ctx.db, accountId, game.id);
  const catalog = await listProducts(ctx.db, game.id);
  const owned = await ownedOneTimeSkus(ctx, accountId, game.id, catalog);
  const wanted = skus ?? catalog.map((product) => product.row.sku);
  return {
    Products: [...new Set(wanted)].map((sku) => {
      const entry = bought.get(sku);
      return {
        Sku: sku,
        Bought: entry !== undefined,
        Count: entry?.count ?? 0,
        Quantity: entry?.quantity ?? 0,
        Owned: owned.has(sku),
      };
    }),
    Purchases: await listPurchases(ctx, accountId, game.id, skus),
  };
}
