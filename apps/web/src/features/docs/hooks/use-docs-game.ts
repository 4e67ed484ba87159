import { useTranslation } from 'react-i18next';
import { useGamesList } from '../../../entities/game/api/games-list';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { useSite } from '../../../shared/config/use-site';

/**
 * The game whose documents to show: the resolved one (fixed, path, query), else the
 * catalog's first game, whose company publishes the portal's own terms.
 */
export function useDocsGame(): { game: string | undefined; pending: boolean } {
  const { i18n } = useTranslation();
  const config = usePageConfig();
  const site = useSite();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  const game = site.game ?? games.data?.[0]?.GameSystemName;
  return { game, pending: !game && games.isPending };
}
