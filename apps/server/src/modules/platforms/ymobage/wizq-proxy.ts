import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { ProductAlreadyOwnedError, PurchaseInProgressError } from '../../../errors.js';
import { findAccountIdByIdentity } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { knownPlatformPurchase, takePlatformPurchase } from '../platform-purchases.js';
import { parsePairsOnce } from '../signing.js';
import { wizqAppOf } from './wizq-apps.js';
import type { WizqApp } from './wizq-config.js';
import { takeProxyCounter } from './wizq-counters-repository.js';
import { verifyOAuthRequest } from './wizq-oauth.js';
import { isSecuredOrderIdOf } from './wizq-order-id.js';
import { wizqPriceOf } from './wizq-payment-start.js';

/**
 * POST /wizq/proxyRequestHandler/{Game} (spec store §7): a request WizQ's gadget server relays
 * for the game, a form whose `data` field holds JSON `{command, num}`, signed with OAuth 1.0
 * HMAC-SHA1 (wizq-oauth.ts) before anything in it is read. `num` counts the session's requests
 * from 0; one at or below the last taken is a replay (409). Commands: `ping` (the game's first
 * request of a session), and `payment`, by which WizQ reports a paid SecuredOrderId
 * (`secured_order_id`, `sku`, `amount`, `payment_id` fields): our id for that viewer's account
 * and product at the catalog's price pays the order once; a repeat answers ok again.
 */

export type WizqProxyAnswer = { status: 200 | 400 | 401 | 404 | 409; body: Record<string, unknown> };

const DataSchema = z
  .object({
    command: z.string().max(32),
    num: z
      .number()
      .int()
      .min(0)
      .max(2 ** 40),
  })
  .strict();

const refuse = (status: WizqProxyAnswer['status'], code: string, message: string): WizqProxyAnswer => ({
  status,
  body: { result: 'error', code, message },
});

export async function handleWizqProxy(
  ctx: AppContext,
  gameName: string,
  request: { url: string; header: string | undefined; body: string },
): Promise<WizqProxyAnswer> {
  const game = await ctx.catalog.find(gameName);
  const app = game?.definition.Platforms.includes('ymobage') ? wizqAppOf(ctx, game) : undefined;
  if (!game || !app) return refuse(404, 'unknown_game', `game ${gameName} is not on WizQ here`);
  const parsed = parsePairsOnce(request.body);
  if (!parsed.ok) return refuse(400, 'invalid_request', `${parsed.duplicate} is given twice`);
  const fields = parsed.pairs;
  const verified = verifyOAuthRequest(
    { method: 'POST', url: request.url, header: request.header, form: [...fields] },
    app,
    ctx.now(),
  );
  if (!verified.ok) return refuse(401, 'bad_signature', verified.failure);
  const viewerId = fields.get('opensocial_viewer_id') ?? '';
  if (fields.get('opensocial_app_id') !== app.appId || !/^\d{1,20}$/.test(viewerId)) {
    return refuse(400, 'invalid_request', 'opensocial_app_id or opensocial_viewer_id is not this app’s');
  }
  let data: z.infer<typeof DataSchema>;
  try {
    data = DataSchema.parse(JSON.parse(fields.get('data') ?? ''));
  } catch {
    return refuse(400, 'invalid_request', 'data is not JSON {command, num}');
  }
  if (data.command !== 'ping' && data.command !== 'payment') {
    return refuse(400, 'unknown_command', `unknown command ${data.command}`);
  }
  const securedOrderId = fields.get('secured_order_id') ?? '';
  const key = { platform: 'ymobage', gameId: game.id, externalOrderId: securedOrderId, test: false };
  // WizQ repeats a payment it is unsure of: one already taken answers ok again whatever its num.
  if (data.command === 'payment' && securedOrderId && (await knownPlatformPurchase(ctx, key))) {
    return { status: 200, body: { result: 'ok', command: data.command, num: data.num, orderId: securedOrderId } };
  }
  const session = { gameId: game.id, viewerId, session: verified.session };
  if (!(await takeProxyCounter(ctx.db, session, data.num, ctx.now()))) {
    return refuse(409, 'replayed', `num ${data.num} was taken already in this session`);
  }
  if (data.command === 'ping') return { status: 200, body: { result: 'ok', command: 'ping', num: data.num } };
  return pay(ctx, game, app, { viewerId, securedOrderId, fields, num: data.num });
}

async function pay(
  ctx: AppContext,
  game: GameRecord,
  app: WizqApp,
  input: { viewerId: string; securedOrderId: string; fields: Map<string, string>; num: number },
): Promise<WizqProxyAnswer> {
  const sku = input.fields.get('sku') ?? '';
  const accountId = await findAccountIdByIdentity(ctx.db, 'WizQ', input.viewerId);
  if (!accountId || !isSecuredOrderIdOf(app, game.id, accountId, sku, input.securedOrderId)) {
    return refuse(400, 'invalid_payment', 'secured_order_id was not issued to this viewer for this product');
  }
  const product = await findProduct(ctx.db, game.id, sku);
  const price = product && wizqPriceOf(product);
  if (!product || price === undefined) return refuse(400, 'invalid_payment', 'unknown product');
  // Money is server-side state (security.md §0.6): WizQ must have charged exactly our price.
  if (input.fields.get('amount') !== String(price)) {
    return refuse(400, 'invalid_payment', `price mismatch: the product costs ${price} MBC`);
  }
  const ok = {
    status: 200 as const,
    body: { result: 'ok', command: 'payment', num: input.num, orderId: input.securedOrderId },
  };
  try {
    await assertCanBuyProduct(ctx, accountId, game.id, product);
    await takePlatformPurchase(ctx, {
      adapter: 'ymobage',
      platform: 'WizQ',
      game,
      product,
      accountId,
      externalOrderId: input.securedOrderId,
      externalAmount: price,
      test: false,
      locale: undefined,
    });
    return ok;
  } catch (error) {
    if (!(error instanceof ProductAlreadyOwnedError || error instanceof PurchaseInProgressError)) throw error;
    const key = { platform: 'ymobage', gameId: game.id, externalOrderId: input.securedOrderId, test: false };
    if (await knownPlatformPurchase(ctx, key)) return ok;
    return refuse(409, 'already_owned', 'the player already owns this product or is buying it');
  }
}
