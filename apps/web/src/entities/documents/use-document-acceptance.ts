import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../shared/api/api-context';
import { appUrl } from '../../shared/config/app-url';
import { usePageConfig } from '../../shared/config/page-config-context';
import { createLogger } from '../../shared/lib/logger';
import { useModals } from '../../shared/ui/modals/modal-manager';
import type { AcceptanceDeps } from './accept-documents';

const logger = createLogger('documents');

export interface AcceptanceRequest {
  game: string;
  token: string;
  only?: AcceptanceDeps['only'];
  signal?: AbortSignal;
}

/**
 * Runs the accept-document modals of a game for the signed-in player; answers how many were
 * shown. The machinery loads with the first run: a guest's player page never needs it.
 */
export function useDocumentAcceptance(): (request: AcceptanceRequest) => Promise<number> {
  const api = useApiClient();
  const modals = useModals();
  const config = usePageConfig();
  const { i18n } = useTranslation();
  const fixedGame = !!config.FixedGame;
  return async ({ game, token, only, signal }) => {
    const [{ acceptPendingDocuments }, { docsPagePath }] = await Promise.all([
      import('./accept-documents'),
      import('./game-links'),
    ]);
    return acceptPendingDocuments({
      caller: { api, token, game, locale: i18n.resolvedLanguage ?? i18n.language },
      modals,
      logger,
      linkOf: (document) =>
        appUrl(config, docsPagePath(document.DocumentType.Value === 'PP' ? 'pp' : 'tos', { game, fixedGame })),
      ...(only ? { only } : {}),
      ...(signal ? { signal } : {}),
    });
  };
}
