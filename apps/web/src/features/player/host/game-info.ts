import type { Capability, GameInfo, SafeArea } from '@fxid/sdk';
import { SDK_VERSION } from '@fxid/sdk';

/** What the portal knows of the signed-in player, in the shape of GET /profile. */
export interface PlayerAccount {
  AccountId: string;
  Name: string | null;
  Email?: string | null;
  EmailValidated: boolean;
  MarketingEnabled: boolean;
  GeoCountry?: string | null;
  Locale?: string | null;
  Guest: boolean;
  HasEmail: boolean;
  HasCompletedOrder: boolean;
}

export interface GameInfoSources {
  game: string;
  account: PlayerAccount | undefined;
  token: string | null;
  gameJwt: string | undefined;
  locale: string;
  supportedLocales: string[];
  defaultLocale: string;
  capabilities: Capability[];
  userAgent: string;
  isMobile: boolean;
  safeArea: SafeArea;
}

/** The operating system family from the user agent, as games branch on it. */
export function osOf(userAgent: string): string {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/windows/i.test(userAgent)) return 'windows';
  if (/mac os x|macintosh/i.test(userAgent)) return 'macos';
  if (/linux|cros/i.test(userAgent)) return 'linux';
  return 'other';
}

/** The subject of a GameJwt: the player's id in this game. */
export function gameUidOf(gameJwt: string | undefined): string | null {
  const body = gameJwt?.split('.')[1];
  if (!body) return null;
  try {
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

/** The game info of spec §3 on the portal's own platform. */
export function buildGameInfo(sources: GameInfoSources): GameInfo {
  const { account } = sources;
  const [firstName = '', ...rest] = (account?.Name ?? '').split(' ');
  return {
    game: sources.game,
    sdk: SDK_VERSION,
    environment: {
      os: osOf(sources.userAgent),
      isMobile: sources.isMobile,
      safeArea: sources.safeArea,
      supportedLocales: sources.supportedLocales,
      defaultLocale: sources.defaultLocale,
    },
    fxId: {
      userId: account?.AccountId ?? null,
      marketingEnabled: account?.MarketingEnabled ?? false,
      locale: account?.Locale ?? sources.locale,
      geoCountry: account?.GeoCountry ?? null,
      token: account ? sources.token : null,
      gameToken: account ? (sources.gameJwt ?? null) : null,
      gameUid: account ? gameUidOf(sources.gameJwt) : null,
      guest: !account || account.Guest,
      hasEmail: account?.HasEmail ?? false,
      emailValidated: account?.EmailValidated ?? false,
      hasCompletedOrder: account?.HasCompletedOrder ?? false,
    },
    social: {
      social: 'FxId',
      paymentsAvailable: false,
      userId: account?.AccountId ?? null,
      displayName: account?.Name ?? '',
      firstName,
      lastName: rest.join(' '),
      photo: null,
      gender: 'unspecified',
      capabilities: sources.capabilities,
      socialLocale: sources.locale,
      socialFlavor: null,
    },
  };
}
