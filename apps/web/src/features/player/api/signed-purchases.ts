import type { PurchaseVerdict, SignedPurchaseProof } from '@fxid/platforms';
import { SdkError } from '@fxid/sdk/host';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { toSdkError } from '../host/purchases';

/**
 * A platform's signed purchases checked on our server for the signed-in player
 * (Yandex: POST /yandexgames/purchase/{Game}); each token answered on its own.
 */
export async function verifySignedPurchases(
  api: ApiClient,
  token: string | null,
  game: string,
  proof: SignedPurchaseProof,
): Promise<PurchaseVerdict[]> {
  if (!token) throw new SdkError('guest', 'Buying needs a signed-in player');
  const data = await unwrap(
    api.POST('/api/v1/yandexgames/purchase/{Game}', {
      params: { path: { Game: game } },
      headers: bearerHeaders(token),
      body: { YandexSignedData: proof.signedData, YandexGetPurchasesRequest: proof.fromPurchaseList },
    }),
  ).catch((error: unknown) => Promise.reject(toSdkError(error)));
  return data.TokenSuccesses.map((item) => ({
    token: item.PurchaseToken,
    success: item.Success,
    sku: item.Sku,
    transactionId: item.TransactionId,
    errorCode: item.ErrorCode,
  }));
}
