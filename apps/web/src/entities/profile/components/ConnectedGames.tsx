import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../../shared/lib/asset-url';
import { useGamesList } from '../../game/api/games-list';
import type { Account } from '../api/account';

/** The games connected to the account: icon, name and the game's id of the player. */
export function ConnectedGames({ games }: { games: Account['ConnectedGames'] }) {
  const { t, i18n } = useTranslation();
  const catalog = useGamesList(i18n.resolvedLanguage ?? 'en');
  if (games.length === 0) return <p className="text-slate-600 dark:text-slate-300">{t('profile.noGames')}</p>;
  return (
    <ul className="grid gap-3" data-testid="connected-games">
      {games.map((game) => {
        const known = catalog.data?.find((item) => item.GameSystemName === game.Game);
        return (
          <li key={game.Game} className="flex items-center gap-3">
            {known ? (
              <img src={assetUrl(known.IconUrl)} alt="" width={40} height={40} className="h-10 w-10 rounded-lg" />
            ) : (
              <span className="h-10 w-10 rounded-lg bg-slate-200 dark:bg-slate-800" aria-hidden />
            )}
            <div className="min-w-0">
              <p className="font-medium text-slate-900 dark:text-white">{known?.Name ?? game.Game}</p>
              <p className="text-sm break-all text-slate-500 dark:text-slate-400">
                {t('profile.gameId', { id: game.GameUid })}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
