import type { NativeReceipt, PurchaseVerdict, SignedPurchaseProof } from '@fxid/platforms';
import { SdkError } from '@fxid/sdk/host';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { toSdkError } from '../host/purchases';

/**
 * A platform's signed purchases checked on our server for the signed-in player (Yandex: POST
 * /yandexgames/purchase/{Game}, each token answered on its own; Kongregate: POST /kongregate/items/{Game},
 * each item; Facebook Instant Games: POST /fbinstant/purchase, one purchase; Steam: POST
 * /platforms/steam/settle/{Game}, one microtransaction or every open one; FxNative: POST
 * /native/inapp/validate/{Game}, one store receipt).
 */
export async function verifySignedPurchases(
  api: ApiClient,
  token: string | null,
  game: string,
  proof: SignedPurchaseProof,
): Promise<PurchaseVerdict[]> {
  if (!token) throw new SdkError('guest', 'Buying needs a signed-in player');
  if (proof.platform === 'Kongregate') return takeKongregateItems(api, token, game, proof.gameAuthToken);
  if (proof.platform === 'Steam') return settleSteam(api, token, game, proof.orderId);
  if (proof.platform === 'FxNative') return validateNativeReceipt(api, token, game, proof.receipt);
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

/** Kongregate: the server reads the player's items at Kongregate with their game auth token. */
async function takeKongregateItems(
  api: ApiClient,
  token: string,
  game: string,
  gameAuthToken: string,
): Promise<PurchaseVerdict[]> {
  const data = await unwrap(
    api.POST('/api/v1/kongregate/items/{Game}', {
      params: { path: { Game: game } },
      headers: bearerHeaders(token),
      body: { GameAuthToken: gameAuthToken },
    }),
  ).catch((error: unknown) => Promise.reject(toSdkError(error)));
  return data.Items.map((item) => ({
    token: item.ItemId,
    success: item.Success,
    sku: item.Sku,
    transactionId: item.TransactionId,
    errorCode: item.ErrorCode,
  }));
}

/** Steam: the server asks Steam about the player's transaction(s), finalizes an approved one and pays its order. */
async function settleSteam(
  api: ApiClient,
  token: string,
  game: string,
  orderId: string | undefined,
): Promise<PurchaseVerdict[]> {
  const data = await unwrap(
    api.POST('/api/v1/platforms/steam/settle/{Game}', {
      params: { path: { Game: game } },
      headers: bearerHeaders(token),
      body: orderId ? { OrderId: orderId } : {},
    }),
  ).catch((error: unknown) => Promise.reject(toSdkError(error)));
  return data.Items.map((item) => ({
    token: item.OrderId,
    success: item.Status === 'Delivered',
    sku: item.Sku,
    transactionId: item.TransactionId,
    // Waiting (the overlay is still open) and Failed (denied, failed at Steam) without a code of ours.
    errorCode: item.ErrorCode ?? (item.Status === 'Delivered' ? null : `steam_${item.Status.toLowerCase()}`),
  }));
}

/** FxNative: the server asks the device's store about the receipt and delivers it once. */
async function validateNativeReceipt(
  api: ApiClient,
  token: string,
  game: string,
  receipt: NativeReceipt,
): Promise<PurchaseVerdict[]> {
  const data = await unwrap(
    api.POST('/api/v1/native/inapp/validate/{Game}', {
      params: { path: { Game: game } },
      headers: bearerHeaders(token),
      body: receipt,
    }),
  ).catch((error: unknown) => Promise.reject(toSdkError(error)));
  return [
    {
      token: data.OrderId,
      success: data.Success,
      sku: data.Sku,
      transactionId: data.TransactionId,
      errorCode: null,
      externalOrderId: data.OrderId,
    },
  ];
}
