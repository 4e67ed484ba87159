import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseErrorCode } from '../../../entities/purchase/purchase-error';

export interface PurchaseNotice {
  tone: 'info' | 'warning' | 'danger';
  text: string;
}

const FAILURE_KEYS = {
  cancelled: 'store.purchaseCancelled',
  guest: 'store.purchaseSignIn',
  payment_not_completed: 'store.purchaseNotCompleted',
  timeout: 'store.purchaseTimeout',
  product_already_owned: 'store.alreadyOwned',
  purchase_in_progress: 'store.purchaseInProgress',
} as const;

/** What the store page says after a purchase: thanks, or why it did not complete. */
export function usePurchaseNotice() {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<PurchaseNotice | null>(null);
  return {
    notice,
    clear: () => setNotice(null),
    succeeded: (product: string) => setNotice({ tone: 'info', text: t('store.purchased', { product }) }),
    failed: (error: unknown) => {
      const code = (error as { code?: PurchaseErrorCode }).code;
      const key = code && code in FAILURE_KEYS ? FAILURE_KEYS[code as keyof typeof FAILURE_KEYS] : undefined;
      const quiet =
        code === 'cancelled' || code === 'guest' || code === 'product_already_owned' || code === 'purchase_in_progress';
      setNotice({ tone: quiet ? 'info' : 'danger', text: t(key ?? 'store.purchaseFailed') });
    },
  };
}
