import type { LeaderboardPage } from '@fxid/sdk';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../shared/api/api-context';
import { readAuthToken } from '../../../shared/lib/auth-token';
import { createLogger } from '../../../shared/lib/logger';
import { useModals } from '../../../shared/ui/modals/modal-manager';
import type { CloudServices } from './cloud-handlers';
import { createFxidStorage, type FxidStorage } from './fxid-storage';
import { openLeaderboard } from './open-leaderboard';
import { createServerLeaderboards } from './server-leaderboards';
import { createServerStorage } from './server-storage';

const logger = createLogger('cloud');

/**
 * fxid's saves and leaderboards for the player page's game, made once per page: the session
 * token is read at each call, since a sign-in may have just stored it.
 */
export function useCloudServices(game: string): CloudServices & { storage: FxidStorage } {
  const api = useApiClient();
  const modals = useModals();
  const { t, i18n } = useTranslation();
  const latest = useRef({ t, i18n, modals });
  latest.current = { t, i18n, modals };
  const [services] = useState(() => {
    const token = () => readAuthToken();
    const clientOptions = {
      api,
      game,
      token,
      locale: () => latest.current.i18n.resolvedLanguage ?? latest.current.i18n.language,
      unnamed: () => latest.current.t('friends.unnamed'),
    };
    return {
      storage: createFxidStorage({
        game,
        signedIn: token,
        server: createServerStorage(api, game, () => token() ?? ''),
        log: (message, data) => logger.info(message, data),
      }),
      leaderboards: createServerLeaderboards(clientOptions),
      showLeaderboard: (name: string, hostPage?: (limit: number) => Promise<LeaderboardPage>) =>
        openLeaderboard(latest.current.modals, clientOptions, name, hostPage),
      isSignedIn: () => !!token(),
    };
  });
  return services;
}
