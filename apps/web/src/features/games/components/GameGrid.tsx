import { useTranslation } from 'react-i18next';
import { useGamesList } from '../../../entities/game/api/games-list';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { Notice } from '../../../shared/ui/Notice';
import { Spinner } from '../../../shared/ui/Spinner';
import { GameCard } from './GameCard';

/** The most cards a row holds (three columns on wide screens). */
const ROW = 3;

/** Every game of the catalog in the UI language. */
export function GameGrid() {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  if (games.isPending) return <Spinner />;
  if (games.isError) return <Notice tone="danger">{t('landing.gamesError')}</Notice>;
  if (games.data.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t('landing.gamesEmpty')}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {games.data.map((game, index) => (
        <li key={game.GameSystemName} className="flex">
          <GameCard game={game} firstRow={index < ROW} />
        </li>
      ))}
    </ul>
  );
}
