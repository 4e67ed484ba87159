import { SdkError } from '@fxid/sdk/host';
import type { AdapterContext, PlatformPurchase } from '../adapter.js';
import { type FbInstant, type FbPurchase, fbErrorCode, fbErrorText } from './fbinstant-sdk.js';

/** Spec store §4, §8: buying before FBInstant.payments.onReady fired. */
export const PAYMENTS_NOT_READY = 'Payments api still not ready';

/**
 * Instant Games purchases (spec store §4; security.md §4b): our server opens the purchase
 * (POST /platforms/payment: the product id and a developer payload bound to the player),
 * FBInstant.payments.purchaseAsync takes the payment, our server checks its signedRequest
 * (POST /fbinstant/purchase) and pays the order once per payment id, and only then is the
 * purchase consumed on Facebook. One not consumed (the page closed, the consume failed) is
 * listed by getPurchasesAsync at the next start and settled the same way.
 */
export function fbInstantPurchases(context: AdapterContext, sdk: () => FbInstant, ready: () => boolean) {
  /** Our server's word on one purchase; consumed on Facebook only when it paid the order. */
  const settle = async (purchase: FbPurchase) => {
    const [verdict] = await context.verifySignedPurchases({
      platform: 'FacebookInstantGames',
      signedData: purchase.signedRequest,
    });
    if (!verdict?.success) return verdict;
    try {
      await sdk().payments.consumePurchaseAsync(purchase.purchaseToken);
    } catch (error) {
      context.log('Instant Games purchase not consumed; it is checked again at the next start', fbErrorText(error));
    }
    return verdict;
  };

  return {
    async purchase(sku: string, developerPayload?: string): Promise<PlatformPurchase> {
      if (!ready()) throw new SdkError('not_available', PAYMENTS_NOT_READY);
      const started = await context.portal.platformPayment(sku, developerPayload);
      const block = started.FacebookInstantGames;
      if (!block) throw new SdkError('payment_not_completed', 'Our server gave no Instant Games purchase to open');
      let bought: FbPurchase;
      try {
        bought = await sdk().payments.purchaseAsync({
          productID: block.StoreSpecificOrderProductSku,
          developerPayload: block.DeveloperPayload,
        });
      } catch (error) {
        // USER_INPUT is Facebook's code for a dialog the player closed.
        if (fbErrorCode(error) === 'USER_INPUT')
          throw new SdkError('cancelled', `UserCancelled: ${fbErrorText(error)}`);
        throw new SdkError('payment_not_completed', `Unknown: ${fbErrorText(error)}`);
      }
      const verdict = await settle(bought);
      if (!verdict?.success) {
        context.log('Instant Games purchase refused by the server', verdict?.errorCode ?? 'no answer');
        throw new SdkError('payment_not_completed', 'Purchase not validated');
      }
      return { kind: 'platform-order', sku, externalOrderId: verdict.externalOrderId ?? bought.paymentID };
    },

    /** Unconsumed purchases found at start: checked and delivered the same way. */
    async settlePending(): Promise<void> {
      if (!ready()) {
        context.log('Instant Games payments not ready at start: unconsumed purchases wait for the next start');
        return;
      }
      for (const purchase of await sdk().payments.getPurchasesAsync()) {
        const verdict = await settle(purchase);
        if (!verdict?.success) context.log('unconsumed Instant Games purchase refused by the server', verdict);
      }
    },
  };
}
