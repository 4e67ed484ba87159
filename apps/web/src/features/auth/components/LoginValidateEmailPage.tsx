import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../../shared/api/api-context';
import { authenticateFromEmailInvite } from '../api/authenticate-from-email-invite';
import { updateConnectGameInvite } from '../api/update-connect-game-invite';
import { SignInLinkPage } from './SignInLinkPage';

/** The inviteType of links that also connect a game account (sent by /invite/connect_from_game). */
const CONNECT_GAME = 'connect_game';

/**
 * LoginValidateEmail?inviteToken=…: the emailed magic link. Opening the page spends the
 * token through one POST (spec §4); a mail scanner fetching the page spends nothing.
 */
export function LoginValidateEmailPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const [search] = useSearchParams();
  const connectsGame = search.get('inviteType') === CONNECT_GAME;
  return (
    <SignInLinkPage
      title={connectsGame ? t('auth.connectGameTitle') : t('auth.validateEmailTitle')}
      token={search.get('inviteToken')}
      spend={(token) => (connectsGame ? updateConnectGameInvite(api, token) : authenticateFromEmailInvite(api, token))}
      redirectOf={(result) => result.RedirectUri}
    />
  );
}
