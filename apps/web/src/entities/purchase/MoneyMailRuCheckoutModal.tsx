import { useContext, useEffect, useRef } from 'react';
import { PageConfigContext } from '../../shared/config/page-config-context';
import { CheckoutPageModal } from './CheckoutPageModal';
import { listenToMoneyMailRuWindow, type MoneyMailRuEvent } from './moneymailru-window';
import { PurchaseError, purchaseMessages } from './purchase-error';

export interface MoneyMailRuCheckoutModalProps {
  title: string;
  paymentUri: string;
  /** The window said the payment went through (paySuccess); the server's status still decides. */
  onComplete(): void;
  /** The window reported a failed payment (payError, or an event it could not read) or asked to be reloaded. */
  onError(error: unknown): void;
  onClose(): void;
}

const FAILURES: Partial<Record<MoneyMailRuEvent, string>> = {
  payError: purchaseMessages.moneyMailRuPayError,
  refreshWindow: purchaseMessages.moneyMailRuRefresh,
};

/**
 * Money.Mail.Ru's payment window (spec store §4) framed in the portal's dialog, as the other
 * providers' checkout pages are. Its first message from a trusted origin decides how the window ends, and
 * the window then closes; what the player bought is decided by the server's status alone.
 */
export function MoneyMailRuCheckoutModal({
  title,
  paymentUri,
  onComplete,
  onError,
  onClose,
}: MoneyMailRuCheckoutModalProps) {
  const extra = useContext(PageConfigContext)?.MoneyMailRuOrigins;
  const callbacks = useRef({ onComplete, onError, onClose });
  callbacks.current = { onComplete, onError, onClose };

  useEffect(
    () =>
      listenToMoneyMailRuWindow(window, extra ?? [], (event) => {
        const failure = FAILURES[event];
        if (failure) callbacks.current.onError(new PurchaseError('payment_not_completed', failure));
        else if (event === 'paySuccess') callbacks.current.onComplete();
        callbacks.current.onClose();
      }),
    [extra],
  );

  return <CheckoutPageModal url={paymentUri} title={title} />;
}
