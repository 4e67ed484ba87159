import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../../shared/api/api-context';
import { authenticateFromEmailInvite } from '../api/authenticate-from-email-invite';
import { updateConnectGameInvite } from '../api/update-connect-game-invite';
import { keptBrowserNonce } from '../lib/browser-nonce';
import { ConfirmSignIn } from './ConfirmSignIn';
import { SignInLinkPage } from './SignInLinkPage';

/** The inviteType of links that also connect a game account (sent by /invite/connect_from_game). */
const CONNECT_GAME = 'connect_game';

/**
 * LoginValidateEmail?inviteToken=…: the emailed magic link. Opening the page spends the
 * token through one POST (spec §4); a mail scanner fetching the page spends nothing. The
 * browser that asked for the link signs in at once (its nonce proves it); any other
 * browser shows whose sign-in it is and waits for the player to confirm.
 */
export function LoginValidateEmailPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [search] = useSearchParams();
  const [confirmed, setConfirmed] = useState(false);
  const token = search.get('inviteToken');
  if (search.get('inviteType') === CONNECT_GAME) {
    return (
      <SignInLinkPage
        title={t('auth.connectGameTitle')}
        token={token}
        spend={(value) => updateConnectGameInvite(api, value)}
        redirectOf={(result) => result.RedirectUri}
      />
    );
  }
  const nonce = keptBrowserNonce();
  const title = t('auth.validateEmailTitle');
  return (
    <SignInLinkPage
      title={title}
      token={token}
      attempt={confirmed ? ':confirmed' : ''}
      spend={(value) =>
        authenticateFromEmailInvite(api, value, confirmed ? { Confirmed: true } : nonce ? { BrowserNonce: nonce } : {})
      }
      redirectOf={(result) => result.RedirectUri}
      confirmation={token && <ConfirmSignIn token={token} title={title} onConfirm={() => setConfirmed(true)} />}
    />
  );
}
