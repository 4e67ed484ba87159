import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../../shared/api/api-context';
import { readAuthToken } from '../../../shared/lib/auth-token';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Spinner } from '../../../shared/ui/Spinner';
import { finishTwitch } from '../api/twitch-connect';

const runs = new Map<string, Promise<string>>();

/**
 * TwitchConnect?code&state: where Twitch sends the player back. The code goes to the server once
 * (StrictMode mounts effects twice) and the player returns to the Profile, which lists the
 * connection; a denial or failure says so and leads back to the Profile.
 */
export function TwitchConnectPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const code = search.get('code');
  const state = search.get('state');
  const bearer = readAuthToken();
  const [failure, setFailure] = useState<'profile.twitchFailed' | 'profile.twitchCancelled' | null>(() => {
    if (search.get('error') === 'access_denied') return 'profile.twitchCancelled';
    return code && state && bearer ? null : 'profile.twitchFailed';
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the code names the work; it is done once
  useEffect(() => {
    if (!code || !state || !bearer || failure) return;
    let live = true;
    let work = runs.get(code);
    if (!work) {
      work = finishTwitch(api, bearer, code, state);
      runs.set(code, work);
    }
    work.then(
      () => {
        if (!live) return;
        void queryClient.invalidateQueries({ queryKey: ['data-connections'] });
        navigate('/Profile', { replace: true });
      },
      () => live && setFailure('profile.twitchFailed'),
    );
    return () => {
      live = false;
    };
  }, [code]);

  if (failure) {
    return (
      <InfoPage
        title={t('profile.twitchTitle')}
        actions={
          <Link to="/Profile" className={buttonClass('secondary')}>
            {t('header.profile')}
          </Link>
        }
      >
        <span data-testid="twitch-problem">{t(failure)}</span>
      </InfoPage>
    );
  }
  return (
    <InfoPage title={t('profile.twitchTitle')}>
      <Spinner label={t('profile.twitchTitle')} />
    </InfoPage>
  );
}
