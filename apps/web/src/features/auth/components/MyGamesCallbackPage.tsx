import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../../shared/api/api-context';
import { readAuthToken, storeAuthToken } from '../../../shared/lib/auth-token';
import { readMyGamesReturn, transferMyGames } from '../../../shared/lib/mygames/mygames-sign-in';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Spinner } from '../../../shared/ui/Spinner';
import { runOnce } from '../lib/run-once';
import { trackSignIn } from '../lib/sign-in-progress';

type MyGamesReturn = Awaited<ReturnType<typeof readMyGamesReturn>>;
type View =
  | { step: 'reading' }
  | { step: 'confirm'; data: MyGamesReturn; bearer: string | null; busy: boolean }
  | { step: 'failed'; message: 'auth.mygamesFailed' | 'auth.mygamesCancelled' | 'errors.identityTaken' };

const problemCode = (error: unknown) => (error as { problem?: { ErrorCode?: string } } | null)?.problem?.ErrorCode;

/**
 * LoginMyGames?code&state: where MY.GAMES sends the player back. The server reads the MY.GAMES
 * user (oauth/mygames/info, once); signing in, an account that holds it signs in at once.
 * Otherwise the player confirms the transfer (spec TransferState): to the signed-in account when
 * the Profile started it, else to a new account of its own. Every failure says what happened
 * and leads back.
 */
export function MyGamesCallbackPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const state = search.get('state');
  const returned = search.has('code') && state !== null;
  const [view, setView] = useState<View>(() =>
    returned
      ? { step: 'reading' }
      : {
          step: 'failed',
          message: search.get('error') === 'access_denied' ? 'auth.mygamesCancelled' : 'auth.mygamesFailed',
        },
  );

  const finish = (returnTo: string) => {
    void queryClient.invalidateQueries({ queryKey: ['account'] });
    navigate(returnTo || '/', { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the state names the work; it is done once
  useEffect(() => {
    if (!returned) return;
    let live = true;
    runOnce(`mygames:${state}`, () => trackSignIn(readMyGamesReturn(api, window.location.href))).then(
      (data) => {
        if (!live) return;
        // Adding to the signed-in account always asks, and the transfer refuses a user another account holds.
        if (data.TransferState === 'Transferred' && data.Token && !data.link) {
          storeAuthToken(data.Token);
          finish(data.returnTo);
        } else {
          setView({ step: 'confirm', data, bearer: data.link ? readAuthToken() : null, busy: false });
        }
      },
      () => live && setView({ step: 'failed', message: 'auth.mygamesFailed' }),
    );
    return () => {
      live = false;
    };
  }, [state]);

  const home = (
    <Link to="/" className={buttonClass('secondary')}>
      {t('common.backHome')}
    </Link>
  );
  if (view.step === 'failed') {
    return (
      <InfoPage title={t('auth.mygamesTitle')} actions={home}>
        <span data-testid="mygames-problem">{t(view.message)}</span>
      </InfoPage>
    );
  }
  if (view.step === 'reading') {
    return (
      <InfoPage title={t('auth.mygamesTitle')}>
        <Spinner label={t('auth.linkWorking')} />
      </InfoPage>
    );
  }

  const { data, bearer } = view;
  const user = data.MyGamesTokenData.Nickname ?? data.MyGamesTokenData.UserId;
  const transfer = () => {
    setView({ ...view, busy: true });
    trackSignIn(
      transferMyGames(api, {
        game: data.GameData.Game,
        myGamesToken: data.MyGamesTokenData.MyGamesToken,
        bearer,
      }),
    ).then(
      (session) => {
        if (session) storeAuthToken(session);
        finish(data.returnTo);
      },
      (error: unknown) =>
        setView({
          step: 'failed',
          message: problemCode(error) === 'identity_taken' ? 'errors.identityTaken' : 'auth.mygamesFailed',
        }),
    );
  };
  return (
    <InfoPage
      title={t('auth.mygamesTitle')}
      actions={
        <>
          <Button disabled={view.busy} onClick={transfer}>
            {bearer ? t('auth.mygamesAdd') : t('auth.mygamesCreate')}
          </Button>
          <Button variant="secondary" disabled={view.busy} onClick={() => navigate(data.returnTo || '/')}>
            {t('common.cancel')}
          </Button>
        </>
      }
    >
      <span className="break-words" data-testid="mygames-confirm">
        {bearer ? t('auth.mygamesAddToAccount', { user }) : t('auth.mygamesNewAccount', { user })}
      </span>
    </InfoPage>
  );
}
