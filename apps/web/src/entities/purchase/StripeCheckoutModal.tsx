import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { Notice } from '../../shared/ui/Notice';
import { Spinner } from '../../shared/ui/Spinner';
import type { StripeLike } from './stripe-loader';
import { PURCHASE_TIMINGS } from './timings';

export interface StripeCheckoutModalProps {
  title: string;
  publishableKey: string;
  clientSecret: string;
  /** Stripe says the payment went through; called once, before the modal closes. */
  onComplete(): void;
  /** Stripe.js could not load or mount the checkout. */
  onError(error: unknown): void;
  /** Removes the modal; called `closeDelayMs` after completion. */
  onClose(): void;
  loadStripe(publishableKey: string): Promise<StripeLike>;
  closeDelayMs?: number;
}

/**
 * The card checkout modal (spec store §2): Stripe's embedded checkout mounted inside our
 * dialog. On completion it calls back at once and closes itself 1 s later; what the player
 * bought is still decided by the server's status, never by this callback.
 */
export function StripeCheckoutModal({
  title,
  publishableKey,
  clientSecret,
  onComplete,
  onError,
  onClose,
  loadStripe,
  closeDelayMs = PURCHASE_TIMINGS.closeDelayMs,
}: StripeCheckoutModalProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The callbacks change identity with each render; the checkout is mounted once.
  const callbacks = useRef({ onComplete, onError, onClose });
  callbacks.current = { onComplete, onError, onClose };

  useEffect(() => {
    let gone = false;
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    let checkout: Awaited<ReturnType<StripeLike['initEmbeddedCheckout']>> | undefined;
    const fail = (error: unknown) => {
      if (gone) return;
      setState('failed');
      callbacks.current.onError(error);
    };
    loadStripe(publishableKey)
      .then((stripe) =>
        stripe.initEmbeddedCheckout({
          fetchClientSecret: async () => clientSecret,
          onComplete: () => {
            if (gone) return;
            callbacks.current.onComplete();
            closeTimer = setTimeout(() => callbacks.current.onClose(), closeDelayMs);
          },
        }),
      )
      .then((created) => {
        // Closed while Stripe.js was loading: nothing to show any more.
        if (gone || !host.current) return created.destroy();
        checkout = created;
        created.mount(host.current);
        setState('ready');
      })
      .catch(fail);
    return () => {
      gone = true;
      clearTimeout(closeTimer);
      // Stripe allows one embedded checkout per page: the next purchase needs this one gone.
      checkout?.destroy();
    };
  }, [loadStripe, publishableKey, clientSecret, closeDelayMs]);

  return (
    <ModalFrame size="lg" title={title}>
      {state === 'loading' && <Spinner />}
      {state === 'failed' && <Notice tone="warning">{t('store.cardCheckoutFailed')}</Notice>}
      <div ref={host} data-testid="card-checkout" className="min-h-[20rem] w-full" />
    </ModalFrame>
  );
}
