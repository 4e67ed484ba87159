import { lazy } from 'react';
import { ClosedWatcher } from '../../shared/ui/modals/ClosedWatcher';
import type { useModals } from '../../shared/ui/modals/modal-manager';
import { checkoutFrameUrl } from './checkout-url';
import type { CheckoutEnd, CheckoutTarget, CheckoutWindow } from './purchase-flow';
import type { StripeLike } from './stripe-loader';

const LazyCheckoutPageModal = lazy(async () => ({
  default: (await import('./CheckoutPageModal')).CheckoutPageModal,
}));

// Stripe.js and its modal load with the first card checkout, never with a page.
const LazyStripeCheckoutModal = lazy(async () => ({
  default: (await import('./StripeCheckoutModal')).StripeCheckoutModal,
}));

// Aghanim's dialog (a link to its checkout in a new tab) loads with the first Aghanim checkout.
const LazyAghanimCheckoutModal = lazy(async () => ({
  default: (await import('./AghanimCheckoutModal')).AghanimCheckoutModal,
}));

// YooKassa's confirmation widget and its modal load with the first YooKassa checkout.
const LazyYookassaCheckoutModal = lazy(async () => ({
  default: (await import('./YookassaCheckoutModal')).YookassaCheckoutModal,
}));

// Money.Mail.Ru's window and its message listener load with the first Money.Mail.Ru checkout.
const LazyMoneyMailRuCheckoutModal = lazy(async () => ({
  default: (await import('./MoneyMailRuCheckoutModal')).MoneyMailRuCheckoutModal,
}));

async function loadYookassaLazily() {
  return (await import('./yookassa-widget')).loadYookassaWidget();
}

async function openXsollaLazily(paymentUrl: string, sandbox: boolean): Promise<CheckoutWindow> {
  return (await import('./xsolla-widget')).openXsollaWidget(paymentUrl, sandbox);
}

async function loadStripeLazily(publishableKey: string): Promise<StripeLike> {
  return (await import('./stripe-loader')).loadStripeJs(publishableKey);
}

/**
 * Shows the provider's checkout in a modal: the provider's page in a frame (the portal's
 * own payment form alone, in its embed mode), Stripe's embedded checkout, YooKassa's
 * confirmation widget, Money.Mail.Ru's window or the link to Aghanim's checkout in a new tab; Xsolla's widget opens a lightbox of its own. `closed` settles once, with how it ended, however the modal went.
 */
export function openCheckout(
  modals: ReturnType<typeof useModals>,
  target: CheckoutTarget,
  title: string,
  loadStripe: (publishableKey: string) => Promise<StripeLike> = loadStripeLazily,
): CheckoutWindow {
  // Xsolla's widget shows Pay Station in a lightbox of its own, over the page.
  if (target.kind === 'xsolla') return deferredWindow(openXsollaLazily(target.paymentUrl, target.sandbox));
  let end: CheckoutEnd = { kind: 'dismissed' };
  let settle: (value: CheckoutEnd) => void = () => {};
  const closed = new Promise<CheckoutEnd>((resolve) => {
    settle = resolve;
  });
  const gone = () => settle(end);
  const completed = () => {
    end = { kind: 'completed' };
  };
  // The modal says so and stays until the player closes it; the purchase then rejects.
  const failed = (error: unknown) => {
    end = { kind: 'failed', error };
  };
  const id = modals.open((close) => (
    <>
      <ClosedWatcher onGone={gone} />
      {target.kind === 'page' && <LazyCheckoutPageModal url={checkoutFrameUrl(target.url)} title={title} />}
      {target.kind === 'aghanim' && <LazyAghanimCheckoutModal title={title} checkoutUrl={target.checkoutUrl} />}
      {target.kind === 'stripe' && (
        <LazyStripeCheckoutModal
          title={title}
          publishableKey={target.publishableKey}
          clientSecret={target.clientSecret}
          loadStripe={loadStripe}
          onComplete={completed}
          onError={failed}
          onClose={close}
        />
      )}
      {target.kind === 'yookassa' && (
        <LazyYookassaCheckoutModal
          title={title}
          confirmationToken={target.confirmationToken}
          loadWidget={loadYookassaLazily}
          onComplete={completed}
          onError={failed}
          onClose={close}
        />
      )}
      {target.kind === 'moneymailru' && (
        <LazyMoneyMailRuCheckoutModal
          title={title}
          paymentUri={target.paymentUri}
          onComplete={completed}
          onError={failed}
          onClose={close}
        />
      )}
    </>
  ));
  return { closed, close: () => modals.close(id) };
}

/** A checkout window whose module is still loading: closing waits for it. */
function deferredWindow(opening: Promise<CheckoutWindow>): CheckoutWindow {
  return {
    closed: opening.then(
      (opened) => opened.closed,
      (error: unknown): CheckoutEnd => ({ kind: 'failed', error }),
    ),
    close: () => {
      void opening.then((opened) => opened.close()).catch(() => {});
    },
  };
}
