import { useTranslation } from 'react-i18next';
import { usePageConfig } from '../../shared/config/page-config-context';
import { useGamesList } from './api/games-list';
import { type CompanyBranding, usePublicGameConfig } from './api/public-game-config';

/** Used while the company's branding loads, and when no game is published. */
export const FALLBACK_BRANDING: CompanyBranding = {
  CompanyName: 'fxid',
  BrandName: 'fxid',
  Logos: { CompanyLogo: '/brand/logo.svg', BrandLogo: '/brand/logo.svg', WebPlayerLogo: '/brand/logo.svg' },
  HeaderElementType: 'Logo',
  ThemeType: 'Dark',
  Auth: { AllowedAuthProviders: [] },
  Adapters: {},
  LegalContacts: {},
};

/**
 * The company branding, served with every game's public configuration: the fixed
 * game's on a single-game site, the first catalog game's on the portal.
 */
export function useBranding(): { branding: CompanyBranding; loaded: boolean } {
  const config = usePageConfig();
  const { i18n } = useTranslation();
  const games = useGamesList(i18n.resolvedLanguage ?? config.DefaultLocale);
  const game = config.FixedGame ?? games.data?.[0]?.GameSystemName;
  const publicConfig = usePublicGameConfig(game, 'FxId');
  const data = publicConfig.data?.CompanyBranding;
  return { branding: data ?? FALLBACK_BRANDING, loaded: !!data || publicConfig.isError || games.isError };
}
