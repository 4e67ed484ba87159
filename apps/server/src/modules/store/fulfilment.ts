import type { OrderDetailedStatusName } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { OrderStatusConflictError } from '../../errors.js';
import { signWebhook } from '../../lib/webhook-signature.js';
import { gameUidOf, markHasCompletedOrder } from '../accounts/accounts-service.js';
import { enqueue } from '../outbox/outbox.js';
import { moveOrder, type OrderStep, transitionOrder } from './order-state-machine.js';
import { type Db, findOrderById, listOrderProducts, type OrderRow } from './orders-repository.js';

/** Outbox kinds of the store. */
export const FULFILMENT_JOB = 'order_fulfilment';
export const REFUND_JOB = 'order_refund';
/** Header of the signature on deliveries to game servers: `t=<unix s>,v1=<hex HMAC-SHA256(secret, "t.body")>`. */
export const FULFILMENT_SIGNATURE_HEADER = 'x-fxid-signature';
const DELIVERY_TIMEOUT_MS = 10_000;

interface JobPayload {
  orderId: string;
  /** The game server's host: deliveries to one slow server never hold back another's (outbox limits). */
  destination?: string;
}

/** Why a game without a webhook completes its orders at once. */
const COLLECT_CAUSE = 'completed: waiting for the game to collect it (getPurchases)';

/**
 * Moves an order from `from` along `paid` (steps ending in PayedWaitingForSending) and starts
 * its delivery, inside the caller's transaction: a game with a webhook gets an outbox job (both
 * commit or neither does); a game without one completes at once, in the same row write as the
 * payment (every step recorded). Throws OrderStatusConflictError if the order moved meanwhile.
 */
export async function payAndFulfil(
  ctx: AppContext,
  trx: Db,
  order: OrderRow,
  from: OrderDetailedStatusName,
  paid: readonly OrderStep[],
  game: string,
): Promise<void> {
  const url = ctx.config.store.gameWebhooks[game];
  // No server to deliver to: the game collects it itself (SDK getPurchases, consumePurchase).
  const steps = url ? paid : [...paid, { to: 'Completed' as const, cause: COLLECT_CAUSE }];
  await moveOrder(trx, order.id, from, steps, ctx.now());
  if (url) {
    const payload: JobPayload = { orderId: order.id, destination: new URL(url).host };
    await enqueue(trx, FULFILMENT_JOB, payload, ctx.now());
  } else {
    await markHasCompletedOrder(ctx, trx, order.account_id, ctx.now());
  }
}

async function completeOrder(ctx: AppContext, trx: Db, order: OrderRow, cause: string): Promise<void> {
  await transitionOrder(trx, order.id, 'PayedWaitingForSending', 'Completed', cause, ctx.now());
  await markHasCompletedOrder(ctx, trx, order.account_id, ctx.now());
}

/** Queues a provider refund in the caller's transaction. */
export async function queueRefund(ctx: AppContext, trx: Db, order: OrderRow): Promise<void> {
  await enqueue(trx, REFUND_JOB, { orderId: order.id } satisfies JobPayload, ctx.now());
}

/** The secret a game's deliveries are signed with: its first GAME_SECRETS entry (dev fallback in development). */
function signingSecret(ctx: AppContext, game: string): string {
  const secret = ctx.config.gameSecrets.byGame[game]?.[0] ?? ctx.config.gameSecrets.devFallback;
  if (!secret) throw new Error(`no secret to sign deliveries to ${game}`);
  return secret;
}

/**
 * What the game's server receives. EventId is stable per order, so a server that
 * sees it twice (a retry after fxid crashed between delivery and recording it)
 * grants once.
 */
async function deliveryBody(ctx: AppContext, order: OrderRow, game: string) {
  const products = await listOrderProducts(ctx.db, order.id);
  return {
    Type: 'order.paid',
    EventId: `delivery_${order.public_id}`,
    TransactionId: order.public_id,
    Game: game,
    AccountId: order.account_id,
    GameUid: await gameUidOf(ctx.db, order.account_id, order.game_id),
    // Every product to grant: the main one first, then the tiers bundled with it (Role Additional).
    Products: products.map((product) => ({
      Sku: product.sku,
      Role: product.role === 'main' ? 'Main' : 'Additional',
      Quantity: product.quantity,
      Payload: (JSON.parse(product.snapshot_json) as { Payload: string | null }).Payload,
    })),
    TotalPrice: { Amount: order.total_amount, Currency: order.currency },
    DeveloperPayload: order.developer_payload,
    CreatedAt: new Date(order.created_at).toISOString(),
  };
}

/** Outbox handler: delivers a paid order to its game's server; a non-2xx answer retries with backoff. */
export function fulfilmentHandler(ctx: AppContext) {
  return async (payload: unknown): Promise<void> => {
    const order = await findOrderById(ctx.db, (payload as JobPayload).orderId);
    // Refunded or already delivered meanwhile: nothing left to send.
    if (order?.status !== 'PayedWaitingForSending') return;
    const game = await ctx.catalog.systemNameOf(order.game_id);
    const url = ctx.config.store.gameWebhooks[game];
    if (url) {
      const body = JSON.stringify(await deliveryBody(ctx, order, game));
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [FULFILMENT_SIGNATURE_HEADER]: signWebhook(signingSecret(ctx, game), body, Math.floor(ctx.now() / 1000)),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the game server answered ${response.status}`);
    }
    await ctx.db.transaction().execute(async (trx) => {
      try {
        await completeOrder(ctx, trx, order, url ? `delivered to ${new URL(url).host}` : 'delivered: webhook removed');
      } catch (error) {
        // A refund got there first; the delivery stands but the order stays refunded.
        if (!(error instanceof OrderStatusConflictError)) throw error;
      }
    });
  };
}

/** Outbox handler: asks the order's provider to give the money back. */
export function refundHandler(ctx: AppContext) {
  return async (payload: unknown): Promise<void> => {
    const order = await findOrderById(ctx.db, (payload as JobPayload).orderId);
    if (!order?.provider_ref) return;
    const provider = ctx.payments.get(order.provider);
    if (!provider) throw new Error(`provider ${order.provider} is not configured`);
    await provider.refund(order.provider_ref);
  };
}
