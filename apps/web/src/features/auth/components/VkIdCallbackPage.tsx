import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../../shared/api/api-context';
import { finishVkId } from '../../../shared/lib/vkid/vkid-sign-in';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Spinner } from '../../../shared/ui/Spinner';
import { useSpendLink } from '../hooks/use-spend-link';

/** Why a VK ID return failed, as the page says it. */
function failureKey(error: unknown): 'auth.errors.vkVerifierMissing' | 'errors.identityTaken' | 'auth.vkidFailed' {
  if ((error as { code?: unknown } | null)?.code === 'vkid/verifier-missing') return 'auth.errors.vkVerifierMissing';
  const code = (error as { problem?: { ErrorCode?: string } } | null)?.problem?.ErrorCode;
  return code === 'identity_taken' ? 'errors.identityTaken' : 'auth.vkidFailed';
}

/**
 * LoginVkId?code&state&device_id: where VK ID's redirect (through the API's trusted redirect
 * URL) lands. The verifier and nonce this browser kept for the state go with the code to the
 * server, once; then the player is signed in (or VK ID is on the account) and goes back.
 */
export function VkIdCallbackPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const code = search.get('code');
  const state = search.get('state');
  const deviceId = search.get('device_id');
  const complete = code && state && deviceId ? { code, state, deviceId } : null;
  const result = useSpendLink(complete && `vkid:${complete.state}`, () =>
    finishVkId(api, complete ?? { code: '', state: '', deviceId: '' }),
  );

  useEffect(() => {
    if (result.status !== 'done') return;
    // The account this page loaded with does not list VK ID yet.
    if (result.result.linked) void queryClient.invalidateQueries({ queryKey: ['account'] });
    navigate(result.result.linked ? '/Profile' : result.result.returnTo || '/', { replace: true });
  }, [result, navigate, queryClient]);

  const home = (
    <Link to="/" className={buttonClass('secondary')}>
      {t('common.backHome')}
    </Link>
  );
  if (!complete || result.status === 'failed') {
    const message = !complete
      ? search.get('error') === 'access_denied'
        ? t('auth.vkidCancelled')
        : t('auth.vkidFailed')
      : t(failureKey(result.status === 'failed' ? result.error : null));
    return (
      <InfoPage title={t('auth.vkidTitle')} actions={home}>
        <span data-testid="vkid-problem">{message}</span>
      </InfoPage>
    );
  }
  return (
    <InfoPage title={t('auth.vkidTitle')}>
      <Spinner label={t('auth.linkWorking')} />
    </InfoPage>
  );
}
