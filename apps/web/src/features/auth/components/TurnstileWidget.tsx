import { SIGN_IN_CAPTCHA_ACTION } from '@fxid/contract/page-config';
import { useEffect, useRef } from 'react';
import { loadTurnstile } from '../lib/turnstile';

/** Cloudflare Turnstile, rendered explicitly; its script loads on first use only. */
export function TurnstileWidget({
  siteKey,
  language,
  onToken,
  onFailure,
}: {
  siteKey: string;
  language: string;
  onToken: (token: string) => void;
  /** The widget failed or its script did not load. */
  onFailure: (reason: 'failed' | 'unavailable') => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  // The widget lives across renders; it always calls the latest handlers.
  const handlers = useRef({ onToken, onFailure });
  handlers.current = { onToken, onFailure };

  useEffect(() => {
    let widgetId: string | undefined;
    let cancelled = false;
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: siteKey,
          action: SIGN_IN_CAPTCHA_ACTION,
          language,
          theme: 'auto',
          callback: (token) => handlers.current.onToken(token),
          'error-callback': () => handlers.current.onFailure('failed'),
          'expired-callback': () => handlers.current.onFailure('failed'),
        });
      },
      () => !cancelled && handlers.current.onFailure('unavailable'),
    );
    return () => {
      cancelled = true;
      if (widgetId) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, language]);

  return <div ref={container} className="flex min-h-[65px] justify-center" />;
}
