import { DEFAULT_BRANDING } from '@fxid/contract/branding';
import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../shared/config/page-config-context';
import { useGamesList } from './api/games-list';
import { type CompanyBranding, usePublicGameConfig } from './api/public-game-config';

/**
 * The company branding, served with every game's public configuration: the fixed
 * game's on a single-game site, the first catalog game's on the portal. The contract's
 * DEFAULT_BRANDING (what the server answers before an operator configures one) stands in
 * while it loads and when no game is published.
 */
export function useBranding(): { branding: CompanyBranding; loaded: boolean } {
  const config = usePageConfig();
  const { i18n } = useTranslation();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  const game = config.FixedGame ?? games.data?.[0]?.GameSystemName;
  const publicConfig = usePublicGameConfig(game, 'FxId');
  const data = publicConfig.data?.CompanyBranding;
  return { branding: data ?? DEFAULT_BRANDING, loaded: !!data || publicConfig.isError || games.isError };
}
