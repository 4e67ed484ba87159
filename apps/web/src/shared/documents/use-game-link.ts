import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageConfig } from '../config/page-config-context';
import { resolveAdapter } from '../config/site';
import { remapGameLink } from './game-links';

/** A game's link as the portal shows it: its help centre, community chat and legal pages remapped. */
export function useGameLink(link: string | undefined, game?: string): string | undefined {
  const config = usePageConfig();
  const [search] = useSearchParams();
  const { i18n } = useTranslation();
  if (!link) return undefined;
  const owner = config.FixedGame ?? game;
  return remapGameLink(link, {
    ...(owner ? { game: owner } : {}),
    fixedGame: !!config.FixedGame,
    adapter: resolveAdapter(config, undefined, search),
    language: i18n.resolvedLanguage ?? config.DefaultLocale,
  });
}
