import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { requestSignIn } from '../../../shared/lib/sign-in-request';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Spinner } from '../../../shared/ui/Spinner';
import { useSpendLink } from '../hooks/use-spend-link';
import { linkFailure } from '../lib/link-failure';
import { resolveRedirect } from '../lib/redirect';

/**
 * The page a sign-in link opens: spends the link's token once, then goes where the
 * server said (or home). A link that cannot be used says why and offers a new one.
 */
export function SignInLinkPage<T extends { Token: string }>({
  title,
  token,
  attempt = '',
  spend,
  redirectOf,
  confirmation,
}: {
  title: string;
  /** The token from the link; null when the link came without one. */
  token: string | null;
  /** Names a new try with the same token (after the player confirms); each is spent once. */
  attempt?: string;
  spend: (token: string) => Promise<T>;
  redirectOf: (result: T) => string | null | undefined;
  /** The page to show when the server wants the player to confirm first. */
  confirmation?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = usePageConfig();
  const state = useSpendLink(token && `${token}${attempt}`, () => spend(token ?? ''));

  const failure = state.status === 'failed' ? linkFailure(state.error) : null;
  const target = state.status === 'done' ? redirectOf(state.result) : undefined;
  useEffect(() => {
    if (state.status === 'done') {
      const next = resolveRedirect(target, window.location.origin, config.RouterBasePath);
      if (next.kind === 'page') window.location.assign(next.href);
      else navigate(next.to, { replace: true });
    }
    // A game-connection failure has its own wording on the error page (spec §8).
    if (failure?.kind === 'invite') {
      navigate(`/error?inviteErrorCode=${encodeURIComponent(failure.inviteErrorCode)}`, { replace: true });
    }
  }, [state.status, target, failure?.kind, failure, navigate, config.RouterBasePath]);

  const home = (
    <Link to="/" className={buttonClass('secondary')}>
      {t('common.backHome')}
    </Link>
  );
  const newLink = (
    <Button onClick={() => void requestSignIn().then((signedIn) => signedIn && navigate('/', { replace: true }))}>
      {t('auth.newLink')}
    </Button>
  );

  if (!token) {
    return (
      <InfoPage title={title} actions={home}>
        <span data-testid="sign-in-link-problem">{t('auth.linkMissing')}</span>
      </InfoPage>
    );
  }
  if (failure?.kind === 'confirm' && confirmation) return confirmation;
  if (state.status !== 'failed' || failure?.kind === 'invite') {
    return (
      <InfoPage title={title}>
        <Spinner label={state.status === 'done' ? t('auth.linkDone') : t('auth.linkWorking')} />
      </InfoPage>
    );
  }
  const message = {
    expired: t('auth.linkExpired'),
    used: t('auth.linkUsed'),
    network: t('auth.linkNetwork'),
    general: t('auth.errors.general'),
    // Only pages that cannot ask the player (none today) end here.
    confirm: t('auth.errors.general'),
  }[failure?.kind ?? 'general'];
  return (
    <InfoPage
      title={title}
      actions={
        <>
          {failure?.kind === 'network' ? (
            <Button onClick={() => window.location.reload()}>{t('common.tryAgain')}</Button>
          ) : (
            newLink
          )}
          {home}
        </>
      }
    >
      <span data-testid="sign-in-link-problem">{message}</span>
    </InfoPage>
  );
}
