import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, PlatformAdapter } from '../adapter.js';
import { fxWrapperAdapter } from '../fx-wrapper.js';
import type { FxNativeBridge, NativeReceipt } from './fxnative-bridge.js';

/**
 * The game inside our native app (`window.fxidNative`): signed in and told the lifecycle as in
 * the launcher; purchases through the device's store, validated and delivered once by our
 * server (POST /native/inapp/validate/{Game}), then finished on the device. Buying needs the
 * app's own player (the store binds the purchase to that account).
 */
export const fxNativeAdapter: AdapterFactory = (context): PlatformAdapter => {
  const wrapper = fxWrapperAdapter<FxNativeBridge>(context, 'fxnative');
  const store = () => {
    const bridge = wrapper.bridge();
    if (!bridge || !wrapper.signedInByWrapper()) {
      throw new SdkError('not_available', 'Purchases need the app’s signed-in player');
    }
    return bridge;
  };
  /** Our server's answer for one receipt; rejects with its code (native_receipt_replayed, …). */
  const validate = async (receipt: NativeReceipt) => {
    const [verdict] = await context.verifySignedPurchases({ platform: 'FxNative', receipt });
    return verdict;
  };
  return {
    ...wrapper.adapter,
    get paymentsAvailable() {
      return !!wrapper.bridge() && wrapper.signedInByWrapper();
    },
    async purchase(sku) {
      const bridge = store();
      const receipt = await bridge.purchase(sku);
      if (!receipt) throw new SdkError('cancelled', 'User closed payment window');
      const verdict = await validate(receipt);
      if (!verdict?.success || !verdict.externalOrderId) {
        throw new SdkError('payment_not_completed', 'Payment not completed');
      }
      await bridge.finishPurchase(receipt).catch((error: unknown) => context.log('purchase not finished', error));
      return { kind: 'platform-order', sku, externalOrderId: verdict.externalOrderId };
    },
    async settlePendingPurchases() {
      const bridge = wrapper.bridge();
      if (!bridge || !wrapper.signedInByWrapper()) return;
      for (const receipt of await bridge.pendingPurchases()) {
        // Delivered now, or before (replayed): finish it on the device either way; others stay for next time.
        const done = await validate(receipt).then(
          (verdict) => !!verdict?.success,
          (error: unknown) => error instanceof SdkError && error.code === 'native_receipt_replayed',
        );
        if (done) await bridge.finishPurchase(receipt);
        else context.log('pending native purchase not delivered', receipt);
      }
    },
  };
};
