import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type GamePurchaseData = components['schemas']['GamePurchase'];

/** POST /store/check-buy-products (bearer): the paid purchases the game has not consumed yet. */
export async function fetchPurchases(api: ApiClient, token: string, game: string): Promise<GamePurchaseData[]> {
  const data = await unwrap(
    api.POST('/api/v1/store/check-buy-products', { body: { Game: game }, headers: bearerHeaders(token) }),
  );
  return data.Purchases;
}

/** POST /store/check-buy-products for some skus (bearer): those the player owns as one-time products. */
export async function fetchOwnedSkus(
  api: ApiClient,
  token: string,
  game: string,
  skus: string[],
): Promise<Set<string>> {
  const data = await unwrap(
    api.POST('/api/v1/store/check-buy-products', { body: { Game: game, Skus: skus }, headers: bearerHeaders(token) }),
  );
  return new Set(data.Products.filter((product) => product.Owned).map((product) => product.Sku));
}

export type PlatformPurchaseBody = components['schemas']['PlatformPurchaseRequest'];

/**
 * POST /platforms/purchase (bearer): the purchase one host-platform order made (VK's order_id),
 * or null while the platform's signed callback is still on its way.
 */
export async function fetchPlatformPurchase(
  api: ApiClient,
  token: string,
  body: PlatformPurchaseBody,
): Promise<GamePurchaseData | null> {
  const data = await unwrap(api.POST('/api/v1/platforms/purchase', { body, headers: bearerHeaders(token) }));
  return data.Purchase;
}

export type PlatformPaymentBody = components['schemas']['PlatformPaymentRequest'];

/** POST /platforms/payment (bearer): our server opens a host platform's own payment (Telegram: a Stars invoice link). */
export function createPlatformPayment(api: ApiClient, token: string, body: PlatformPaymentBody) {
  return unwrap(api.POST('/api/v1/platforms/payment', { body, headers: bearerHeaders(token) }));
}

/** POST /store/consume-purchase (bearer): the game took the purchase; exactly once. */
export function consumePurchase(api: ApiClient, token: string, game: string, transactionId: string) {
  return unwrap(
    api.POST('/api/v1/store/consume-purchase', {
      body: { Game: game, TransactionId: transactionId },
      headers: bearerHeaders(token),
    }),
  );
}
