import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProblemError } from '../../../shared/api/problem';
import { useSite } from '../../../shared/config/use-site';
import { buttonClass } from '../../../shared/ui/button-styles';
import { InfoPage } from '../../../shared/ui/InfoPage';

/** Whether a failed load means the address names no game: the player is told so where they are. */
export function isGameNotFound(error: unknown): boolean {
  return error instanceof ProblemError && error.problem.ErrorCode === 'game_not_found';
}

/**
 * A player's words for an address that names no game (a typo, an old link), in place of
 * the error page's status and API address, with the way to the games there are.
 */
export function GameNotFound({ game }: { game: string }) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <InfoPage
      title={t('player.notFoundTitle')}
      actions={
        // A single-game site has no list to go back to: its home is this very player.
        !site.singleGame && (
          <Link to="/" className={buttonClass('primary')}>
            {t('player.browseGames')}
          </Link>
        )
      }
    >
      <p data-testid="game-not-found">{t('player.notFound', { game })}</p>
    </InfoPage>
  );
}
