import { SdkError } from '@fxid/sdk/host';
import type { AdapterContext, PlatformPurchase, PurchaseVerdict } from '../adapter.js';
import { type YaPayments, yandexErrorText, yandexPurchaseError } from './yandex-sdk.js';

/**
 * Yandex purchases (spec store §4; security.md §5): payments in signed mode; each
 * signature goes to our server, which pays the order once per purchase token; only a
 * token the server answered Success for is consumed on Yandex. A consume that fails
 * leaves the purchase to the next start, when getPurchases() lists it again.
 */
export function yandexPurchases(context: AdapterContext, payments: () => Promise<YaPayments>) {
  const verify = (signedData: string, fromPurchaseList: boolean) =>
    context.verifySignedPurchases({ platform: 'YandexGames', signedData, fromPurchaseList });
  const consume = async (api: YaPayments, verdict: PurchaseVerdict) => {
    try {
      await api.consumePurchase(verdict.token);
    } catch (error) {
      context.log('Yandex purchase not consumed; it is checked again at the next start', yandexErrorText(error));
    }
  };

  return {
    async purchase(sku: string, developerPayload?: string): Promise<PlatformPurchase> {
      const api = await payments();
      let signature: string | undefined;
      try {
        const bought = await api.purchase({ id: sku, ...(developerPayload ? { developerPayload } : {}) });
        signature = bought.signature;
      } catch (error) {
        throw yandexPurchaseError(error);
      }
      // Spec store §4: the first token's result must be Success, else 'Purchase not validated'.
      const first = signature ? (await verify(signature, false))[0] : undefined;
      if (!first?.success) {
        context.log('Yandex purchase refused by the server', first?.errorCode ?? 'unsigned');
        throw new SdkError('payment_not_completed', 'Purchase not validated');
      }
      await consume(api, first);
      return { kind: 'platform-order', sku: first.sku ?? sku, externalOrderId: first.token };
    },

    /** Unconsumed purchases found at start: checked and delivered the same way. */
    async settlePending(): Promise<void> {
      const api = await payments();
      const list = await api.getPurchases();
      if (list.length === 0) return;
      if (!list.signature) throw new SdkError('payment_not_completed', 'Purchase not validated');
      for (const verdict of await verify(list.signature, true)) {
        if (verdict.success) await consume(api, verdict);
        else context.log('unconsumed Yandex purchase refused by the server', verdict);
      }
    },
  };
}
