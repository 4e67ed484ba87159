import { useTranslation } from 'react-i18next';
import { useGamesList } from '../../../entities/game/api/games-list';
import { useDataConnections } from '../api/data-connections';

/**
 * The services the player connected for a game (spec §3, the streaming-service block: Twitch),
 * as `/data-connections/get` lists them; nothing is shown while there are none.
 */
export function ConnectedServices() {
  const { t, i18n } = useTranslation();
  const connections = useDataConnections();
  const catalog = useGamesList(i18n.resolvedLanguage ?? 'en');
  const list = connections.data?.Connections ?? [];
  if (list.length === 0) return null;
  return (
    <section
      className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby="profile-services"
    >
      <h2 id="profile-services" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.connectedServices')}
      </h2>
      <ul className="grid gap-1" data-testid="connected-services">
        {list.map((connection) => {
          const game = catalog.data?.find((item) => item.GameSystemName === connection.Game)?.Name ?? connection.Game;
          return (
            <li key={`${connection.Service}:${connection.Game}`} className="text-slate-700 dark:text-slate-200">
              <span className="font-medium">{connection.Service}</span>{' '}
              <span className="break-all text-slate-500 dark:text-slate-400">
                {t('profile.connectedServiceIn', { login: connection.Login, game })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
