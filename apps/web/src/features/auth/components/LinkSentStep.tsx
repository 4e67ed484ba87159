import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthToken } from '../../../shared/lib/auth-token';

/**
 * success: the link is on its way. When the player opens it (usually in another
 * tab), the token appears here too, and after a short pause the modal reports the
 * sign-in (onAuthenticatedEmailTimeout, spec §9).
 */
export function LinkSentStep({
  email,
  timeoutMs,
  onAuthenticated,
  onUseAnotherEmail,
}: {
  email: string;
  timeoutMs: number;
  onAuthenticated: () => void;
  onUseAnotherEmail: () => void;
}) {
  const { t } = useTranslation();
  const token = useAuthToken();
  // Adding an address, the player is signed in already: only the session the link starts counts.
  const before = useRef(token);
  const report = useRef(onAuthenticated);
  report.current = onAuthenticated;
  useEffect(() => {
    if (!token || token === before.current) return;
    const timer = setTimeout(() => report.current(), timeoutMs);
    return () => clearTimeout(timer);
  }, [token, timeoutMs]);

  return (
    <div className="grid gap-3 text-center" data-testid="login-link-sent">
      <p className="text-xl font-semibold text-slate-900 dark:text-white">{t('auth.sentTitle')}</p>
      <p className="text-slate-700 dark:text-slate-200">{t('auth.sentBody', { email })}</p>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('auth.sentHint')}</p>
      <button
        type="button"
        onClick={onUseAnotherEmail}
        className="justify-self-center rounded text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
      >
        {t('auth.useAnotherEmail')}
      </button>
    </div>
  );
}
