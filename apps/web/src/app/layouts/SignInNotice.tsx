import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuthToken } from '../../shared/lib/auth-token';
import { Notice } from '../../shared/ui/Notice';
import type { SignInRedirectState } from '../route-guards';

/**
 * Shows why the player was sent here ("Please log in to view this page") and,
 * once they sign in, returns them to the page they asked for.
 */
export function SignInNotice() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useAuthToken();
  const state = location.state as SignInRedirectState | null;

  useEffect(() => {
    if (token && state?.from) navigate(state.from, { replace: true });
  }, [token, state, navigate]);

  if (!state?.notice) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6">
      <Notice tone="warning">
        <strong className="block font-semibold">{t(state.notice)}</strong>
        {state.from && <span>{t('profile.returnAfter')}</span>}
      </Notice>
    </div>
  );
}
