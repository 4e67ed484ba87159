import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../api/api-context';
import { createPayment } from '../api/create-payment';
import { setOptimisticOrderStatus } from '../api/optimistic-order-status';
import { fetchPaymentStatus } from '../api/payment-status';
import { readAuthToken } from '../lib/auth-token';
import { createLogger } from '../lib/logger';
import { requestSignIn } from '../lib/sign-in-request';
import { ClosedWatcher } from '../modals/ClosedWatcher';
import { LazyEmbeddedPageModal } from '../modals/lazy-modals';
import { useModals } from '../modals/modal-manager';
import { rememberOrderGame } from './order-games';
import type { CheckoutWindow, PurchaseOutcome, PurchaseRequest } from './purchase-flow';

const logger = createLogger('store');

/**
 * Buys a product on the own platform, for the game player (SDK buyProduct) and the
 * store page. The provider's page opens in a modal rather than a popup: the portal
 * itself often runs inside a publishing platform's iframe, where popups need user
 * activation that is gone once the payment was created, and may be blocked by the
 * outer frame's sandbox; a same-origin frame inside the portal always works.
 */
export function usePurchase(): (request: PurchaseRequest) => Promise<PurchaseOutcome> {
  const api = useApiClient();
  const modals = useModals();
  const { t } = useTranslation();
  return useCallback(
    async (request: PurchaseRequest) => {
      // The flow loads with the first purchase, not with the player or store page.
      const { runPurchase } = await import('./purchase-flow');
      return runPurchase(
        {
          token: readAuthToken,
          signIn: requestSignIn,
          createPayment: async (token, body) => {
            const created = await createPayment(api, token, body);
            rememberOrderGame(created.TransactionId, body.Game);
            return created;
          },
          paymentStatus: (token, game, id) => fetchPaymentStatus(api, token, game, id),
          setOptimisticStatus: (token, id, status) => setOptimisticOrderStatus(api, token, id, status),
          openCheckout: (url, productName) =>
            openCheckout(modals, url, t('store.checkoutTitle', { product: productName })),
          logger,
        },
        request,
      );
    },
    [api, modals, t],
  );
}

function openCheckout(modals: ReturnType<typeof useModals>, url: string, title: string): CheckoutWindow {
  let gone = () => {};
  const closed = new Promise<void>((resolve) => {
    gone = resolve;
  });
  const id = modals.open(() => (
    <>
      <ClosedWatcher onGone={gone} />
      <LazyEmbeddedPageModal url={url} title={title} testId="checkout-frame" />
    </>
  ));
  return { closed, close: () => modals.close(id) };
}
