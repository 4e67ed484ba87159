import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApiClient } from '../../../shared/api/api-context';
import { Button } from '../../../shared/ui/Button';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';
import { Spinner } from '../../../shared/ui/Spinner';
import { emailInviteDetails } from '../api/authenticate-from-email-invite';
import { linkFailure } from '../lib/link-failure';

/**
 * A sign-in link opened in a browser that did not ask for it (another device, a link
 * someone sent, a scanner): says whose account it signs in and which device asked, and
 * spends the link only when the player presses Sign in.
 */
export function ConfirmSignIn({ token, title, onConfirm }: { token: string; title: string; onConfirm: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const details = useQuery({
    queryKey: ['email-invite-details', token],
    queryFn: () => emailInviteDetails(api, token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const home = (
    <Link to="/" className={buttonClass('secondary')}>
      {t('common.backHome')}
    </Link>
  );
  if (details.isPending) {
    return (
      <InfoPage title={title}>
        <Spinner label={t('auth.linkWorking')} />
      </InfoPage>
    );
  }
  if (details.isError) {
    const failure = linkFailure(details.error).kind;
    const message =
      failure === 'expired'
        ? t('auth.linkExpired')
        : failure === 'used'
          ? t('auth.linkUsed')
          : t('auth.errors.general');
    return (
      <InfoPage title={title} actions={home}>
        <span data-testid="sign-in-link-problem">{message}</span>
      </InfoPage>
    );
  }
  const { Email, RequestedAt, RequestedOn } = details.data;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(RequestedAt);
  return (
    <InfoPage
      title={t('auth.confirmTitle', { email: Email })}
      actions={
        <>
          <Button onClick={onConfirm} data-testid="confirm-sign-in">
            {t('auth.confirmSignIn')}
          </Button>
          {home}
        </>
      }
    >
      <p data-testid="sign-in-requested-on">
        {RequestedOn
          ? t('auth.confirmAskedOn', { device: RequestedOn, time })
          : t('auth.confirmAskedElsewhere', { time })}
      </p>
      <p className="mt-3">{t('auth.confirmWarning')}</p>
    </InfoPage>
  );
}
