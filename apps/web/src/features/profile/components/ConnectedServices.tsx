import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGamesList } from '../../../entities/game/api/games-list';
import { useApiClient } from '../../../shared/api/api-context';
import { readAuthToken } from '../../../shared/lib/auth-token';
import { Button } from '../../../shared/ui/Button';
import { Notice } from '../../../shared/ui/Notice';
import { useDataConnections } from '../api/data-connections';
import { startTwitch } from '../api/twitch-connect';

/**
 * The services the player connected for a game (spec §3, the streaming-service block: Twitch),
 * as `/data-connections/get` lists them, and a "Connect" for each game whose Twitch application
 * this server has and that is not connected yet (a redirect to Twitch, back to /TwitchConnect).
 * Nothing is shown while there is neither.
 */
export function ConnectedServices() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const connections = useDataConnections();
  const catalog = useGamesList(i18n.resolvedLanguage ?? 'en');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const list = connections.data?.Connections ?? [];
  const connected = new Set(list.map((connection) => `${connection.Service}:${connection.Game}`));
  const connectable = (connections.data?.Connectable ?? []).filter(
    (item) => !connected.has(`${item.Service}:${item.Game}`),
  );
  if (list.length === 0 && connectable.length === 0) return null;
  const gameName = (game: string) => catalog.data?.find((item) => item.GameSystemName === game)?.Name ?? game;

  const connect = (game: string) => {
    const bearer = readAuthToken();
    if (busy || !bearer) return;
    setBusy(true);
    setFailed(false);
    startTwitch(api, bearer, game).then(
      (authorizeUrl) => window.location.assign(authorizeUrl),
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };

  return (
    <section
      className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      aria-labelledby="profile-services"
    >
      <h2 id="profile-services" className="mb-2 text-lg font-semibold text-slate-900 dark:text-white">
        {t('profile.connectedServices')}
      </h2>
      {failed && (
        <div className="mb-3">
          <Notice tone="danger">{t('profile.twitchFailed')}</Notice>
        </div>
      )}
      {list.length > 0 && (
        <ul className="grid gap-1" data-testid="connected-services">
          {list.map((connection) => (
            <li key={`${connection.Service}:${connection.Game}`} className="text-slate-700 dark:text-slate-200">
              <span className="font-medium">{connection.Service}</span>{' '}
              <span className="break-all text-slate-500 dark:text-slate-400">
                {t('profile.connectedServiceIn', { login: connection.Login, game: gameName(connection.Game) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {connectable.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2">
          {connectable.map((item) => (
            <Button
              key={`${item.Service}:${item.Game}`}
              variant="secondary"
              disabled={busy}
              onClick={() => connect(item.Game)}
            >
              {t('profile.connectService', { service: item.Service, game: gameName(item.Game) })}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}
