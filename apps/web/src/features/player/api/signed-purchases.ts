import type { PurchaseVerdict, SignedPurchaseProof } from '@fxid/platforms';
import { SdkError } from '@fxid/sdk/host';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { toSdkError } from '../host/purchases';

/**
 * A platform's signed purchases checked on our server for the signed-in player (Yandex: POST
 * /yandexgames/purchase/{Game}, each token answered on its own; Facebook Instant Games: POST
 * /fbinstant/purchase, one purchase).
 */
export async function verifySignedPurchases(
  api: ApiClient,
  token: string | null,
  game: string,
  proof: SignedPurchaseProof,
): Promise<PurchaseVerdict[]> {
  if (!token) throw new SdkError('guest', 'Buying needs a signed-in player');
  const rejected = (error: unknown) => Promise.reject(toSdkError(error));
  if (proof.platform === 'FacebookInstantGames') {
    const item = await unwrap(
      api.POST('/api/v1/fbinstant/purchase', {
        headers: bearerHeaders(token),
        body: { Game: game, FbInstantPurchaseSignedData: proof.signedData },
      }),
    ).catch(rejected);
    return [
      {
        token: item.PurchaseToken,
        success: item.Success,
        sku: item.Sku,
        transactionId: item.TransactionId,
        errorCode: item.ErrorCode,
        externalOrderId: item.PaymentId,
      },
    ];
  }
  const data = await unwrap(
    api.POST('/api/v1/yandexgames/purchase/{Game}', {
      params: { path: { Game: game } },
      headers: bearerHeaders(token),
      body: { YandexSignedData: proof.signedData, YandexGetPurchasesRequest: proof.fromPurchaseList },
    }),
  ).catch(rejected);
  return data.TokenSuccesses.map((item) => ({
    token: item.PurchaseToken,
    success: item.Success,
    sku: item.Sku,
    transactionId: item.TransactionId,
    errorCode: item.ErrorCode,
  }));
}
