import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useApiClient } from '../../../shared/api/api-context';
import { ProblemError } from '../../../shared/api/problem';
import { authenticateFromGame } from '../api/authenticate-from-game';
import { SignInLinkPage } from './SignInLinkPage';

/**
 * LoginFromGame/{game}/{token}: a game running on its own hands its player to the portal with
 * the GameAccessToken it was given; the portal signs them in and opens the game. A game account
 * no longer on the player's account ends on the Error page ('game not connected', spec §8).
 */
export function LoginFromGamePage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { game = '', token = null } = useParams();
  return (
    <SignInLinkPage
      title={t('auth.fromGameTitle')}
      token={token}
      spend={async (handOver) => {
        const result = await authenticateFromGame(api, game, handOver);
        if (!result.IsConnected || !result.ConnectedData) {
          // Told as a connection failure, so the Error page words it (spec §8).
          throw new ProblemError({
            type: 'urn:fxid:error:game_not_connected',
            title: 'Not connected',
            status: 409,
            detail: `${game} account ${result.NotConnectedData?.GameAccountName ?? ''} is not connected`,
            ErrorCode: 'game_not_connected',
          });
        }
        return { Token: result.ConnectedData.Token };
      }}
      redirectOf={() => `/play/${encodeURIComponent(game)}`}
    />
  );
}
