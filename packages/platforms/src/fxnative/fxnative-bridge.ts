import type { NativeInAppValidateRequest } from '@fxid/contract';
import type { FxWrapperBridge } from '../fx-wrapper.js';

/**
 * What the device's store gave the native app for one purchase, as POST
 * /api/v1/native/inapp/validate/{Game} takes it: Google Play's `{ PackageName, ProductId,
 * PurchaseToken }` or the App Store's `{ TransactionId }`.
 */
export type NativeReceipt = NativeInAppValidateRequest;

/**
 * The bridge our native app (Android, iOS) hands the portal page as `window.fxidNative`
 * (README.md beside this file): the wrappers' sign-in token and lifecycle, and the device's store.
 */
export interface FxNativeBridge extends FxWrapperBridge {
  /**
   * Runs the store's purchase sheet for `sku` (the store product id is the sku), bound to the
   * account the wrapper is signed in as (Play Billing `setObfuscatedAccountId`, StoreKit
   * `appAccountToken`: the fxid account id); the receipt once paid, null when the player
   * cancelled. Rejects when the store failed.
   */
  purchase(sku: string): Promise<NativeReceipt | null>;
  /** Once our server delivered it: consume (Play) or finish (StoreKit) the purchase on the device. */
  finishPurchase(receipt: NativeReceipt): Promise<void>;
  /** Paid purchases not finished yet (the app closed before our server heard), for recovery. */
  pendingPurchases(): Promise<NativeReceipt[]>;
}

declare global {
  interface Window {
    fxidNative?: FxNativeBridge;
  }
}
