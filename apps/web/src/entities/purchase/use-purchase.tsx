import { lazy, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../shared/api/api-context';
import { loadMessageSection } from '../../shared/i18n/i18n';
import { readAuthToken } from '../../shared/lib/auth-token';
import { createLogger } from '../../shared/lib/logger';
import { requestSignIn } from '../../shared/lib/sign-in-request';
import { ClosedWatcher } from '../../shared/ui/modals/ClosedWatcher';
import { useModals } from '../../shared/ui/modals/modal-manager';
import { fetchAghanimStatus } from './api/aghanim-status';
import { createPayment } from './api/create-payment';
import { setOptimisticOrderStatus } from './api/optimistic-order-status';
import { fetchPaymentStatus } from './api/payment-status';
import { updateOrderPi } from './api/update-order-pi';
import { openCheckout } from './open-checkout';
import type { OrderPersonalInfoBody, PersonalInfoRequirements } from './personal-info';
import type { PurchaseOutcome, PurchaseRequest } from './purchase-flow';

const logger = createLogger('store');

// Only orders that need an email ask for it: the form loads then, never with a page.
const LazyPersonalInfoModal = lazy(async () => ({ default: (await import('./PersonalInfoModal')).PersonalInfoModal }));

/**
 * Buys a product on the own platform, for the game player (SDK buyProduct) and the
 * store page. The checkout (the provider's page, or Stripe's embedded checkout) opens
 * in a modal rather than a popup: the portal
 * itself often runs inside a publishing platform's iframe, where popups need user
 * activation that is gone once the payment was created, and may be blocked by the
 * outer frame's sandbox; a same-origin frame inside the portal always works.
 */
export function usePurchase(): (request: PurchaseRequest) => Promise<PurchaseOutcome> {
  const api = useApiClient();
  const modals = useModals();
  const { t, i18n } = useTranslation();
  return useCallback(
    async (request: PurchaseRequest) => {
      // The flow and the store's strings load with the first purchase, not with the player.
      const [{ runPurchase }] = await Promise.all([import('./purchase-flow'), loadMessageSection('store', i18n)]);
      return runPurchase(
        {
          token: readAuthToken,
          signIn: requestSignIn,
          createPayment: (token, body) => createPayment(api, token, body),
          paymentStatus: (token, game, id) => fetchPaymentStatus(api, token, game, id),
          aghanimStatus: (id) => fetchAghanimStatus(api, id),
          setOptimisticStatus: (token, id, status) => setOptimisticOrderStatus(api, token, id, status),
          openCheckout: (target, productName) =>
            openCheckout(modals, target, t('store.checkoutTitle', { product: productName })),
          askPersonalInfo: (requirements, productName) => askPersonalInfo(modals, requirements, productName),
          updateOrderPi: (token, id, info) => updateOrderPi(api, token, id, info),
          logger,
        },
        request,
      );
    },
    [api, modals, t, i18n],
  );
}

/** Shows the personal-info modal; resolves with the confirmed values, or null however it was dismissed. */
export function askPersonalInfo(
  modals: ReturnType<typeof useModals>,
  requirements: PersonalInfoRequirements,
  productName: string,
): Promise<OrderPersonalInfoBody | null> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (info: OrderPersonalInfoBody | null) => {
      if (answered) return;
      answered = true;
      resolve(info);
    };
    const dismissed = () => answer(null);
    modals.open((close) => (
      <>
        <ClosedWatcher onGone={dismissed} />
        <LazyPersonalInfoModal
          requirements={requirements}
          productName={productName}
          onConfirm={(info) => {
            answer(info);
            close();
          }}
          onCancel={close}
        />
      </>
    ));
  });
}
