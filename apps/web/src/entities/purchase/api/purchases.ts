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

/** POST /store/consume-purchase (bearer): the game took the purchase; exactly once. */
export function consumePurchase(api: ApiClient, token: string, game: string, transactionId: string) {
  return unwrap(
    api.POST('/api/v1/store/consume-purchase', {
      body: { Game: game, TransactionId: transactionId },
      headers: bearerHeaders(token),
    }),
  );
}
