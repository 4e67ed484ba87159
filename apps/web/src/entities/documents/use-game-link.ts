import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageConfig } from '../../shared/config/page-config-context';
import { platformOf, resolveAdapter } from '../../shared/config/site';
import { usePublicGameConfig } from '../game/api/public-game-config';
import { remapGameLink } from './game-links';

/** A game's link as the portal shows it: its help centre, community chat and legal pages remapped. */
export function useGameLink(link: string | undefined, game?: string): string | undefined {
  const config = usePageConfig();
  const [search] = useSearchParams();
  const { i18n } = useTranslation();
  const owner = config.FixedGame ?? game;
  const adapter = resolveAdapter(config, undefined, search);
  // The game's own legal addresses are known by address, whatever their file names (the player page's query).
  const publicConfig = usePublicGameConfig(link ? owner : undefined, platformOf(adapter)).data;
  if (!link) return undefined;
  return remapGameLink(link, {
    ...(owner ? { game: owner } : {}),
    fixedGame: !!config.FixedGame,
    adapter,
    language: i18n.resolvedLanguage ?? config.DefaultLocale,
    ...(publicConfig
      ? {
          legalUrls: {
            tos: [publicConfig.PublicGameData.TosUrl, publicConfig.CompanyBranding.ExternalTosUrl],
            pp: [publicConfig.PublicGameData.PpUrl, publicConfig.CompanyBranding.ExternalPpUrl],
          },
        }
      : {}),
  });
}
