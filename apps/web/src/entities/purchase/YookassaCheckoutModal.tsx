import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalFrame } from '../../shared/ui/ModalFrame';
import { Notice } from '../../shared/ui/Notice';
import { Spinner } from '../../shared/ui/Spinner';
import { PURCHASE_TIMINGS } from './timings';
import type { YookassaWidgetConstructor } from './yookassa-widget';

export interface YookassaCheckoutModalProps {
  title: string;
  confirmationToken: string;
  /** YooKassa says the payment went through; called once, before the modal closes. */
  onComplete(): void;
  /** The widget could not load or render. */
  onError(error: unknown): void;
  /** Removes the modal; called `closeDelayMs` after completion. */
  onClose(): void;
  loadWidget(): Promise<YookassaWidgetConstructor>;
  closeDelayMs?: number;
}

/**
 * YooKassa's confirmation widget for a `ConfirmationToken` (spec store §3), inside our dialog.
 * A refused payment is shown by the widget itself and reported by YooKassa's notification;
 * what the player bought is decided by the server's status, never by this callback.
 */
export function YookassaCheckoutModal({
  title,
  confirmationToken,
  onComplete,
  onError,
  onClose,
  loadWidget,
  closeDelayMs = PURCHASE_TIMINGS.closeDelayMs,
}: YookassaCheckoutModalProps) {
  const { t } = useTranslation();
  const hostId = `yookassa-${useId().replace(/[^\w-]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const callbacks = useRef({ onComplete, onError, onClose });
  callbacks.current = { onComplete, onError, onClose };

  useEffect(() => {
    let gone = false;
    let closeTimer: ReturnType<typeof setTimeout> | undefined;
    let widget: InstanceType<YookassaWidgetConstructor> | undefined;
    const fail = (error: unknown) => {
      if (gone) return;
      setState('failed');
      callbacks.current.onError(error);
    };
    loadWidget()
      .then((Widget) => {
        if (gone) return;
        widget = new Widget({ confirmation_token: confirmationToken, error_callback: fail });
        widget.on('success', () => {
          if (gone) return;
          callbacks.current.onComplete();
          closeTimer = setTimeout(() => callbacks.current.onClose(), closeDelayMs);
        });
        return widget.render(hostId).then(() => {
          if (!gone) setState('ready');
        });
      })
      .catch(fail);
    return () => {
      gone = true;
      clearTimeout(closeTimer);
      widget?.destroy();
    };
  }, [loadWidget, confirmationToken, closeDelayMs, hostId]);

  return (
    <ModalFrame size="lg" title={title}>
      {state === 'loading' && <Spinner />}
      {state === 'failed' && <Notice tone="warning">{t('store.cardCheckoutFailed')}</Notice>}
      <div id={hostId} data-testid="yookassa-checkout" className="min-h-[20rem] w-full" />
    </ModalFrame>
  );
}
