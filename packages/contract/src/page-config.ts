/**
 * Page-load configuration shared by server and portal. Kept free of zod so the
 * portal can import it without pulling the schema library into its first load.
 */

/** The 14 portal locales (spec §9); `en` is the default. */
export const PORTAL_LOCALES = [
  'en',
  'de',
  'es',
  'fa',
  'fr',
  'it',
  'ja',
  'ko',
  'pt-br',
  'ru',
  'tr',
  'zh',
  'uk',
  'pl',
] as const;
export type PortalLocale = (typeof PORTAL_LOCALES)[number];

/**
 * The supported locale a browser language tag stands for (the portal's detector and the
 * server's preload guess agree through this): exact (pt-BR → pt-br), else
 * its base language (fa-IR → fa), else the tag unchanged (which i18next then skips).
 * Without this a regional tag missed and the page's own `<html lang>` won.
 */
export function matchLocale(tag: string, supported: readonly string[]): string {
  const lower = tag.toLowerCase();
  if (supported.includes(lower)) return lower;
  const base = lower.split('-')[0] ?? lower;
  return supported.includes(base) ? base : lower;
}

/**
 * What the server injects into index.html (spec §1), so one portal build serves
 * every tenant and both site modes.
 */
export interface PageConfig {
  /** Path the portal lives under; starts and ends with "/". */
  RouterBasePath: string;
  RouterType: 'browser' | 'hash';
  /** Where /api/v1 lives; empty means the origin plus the router base path. */
  ApiBasePath: string;
  /** Set on a single-game site. */
  FixedGame?: string;
  ForcedAdapter?: string;
  Locales: string[];
  DefaultLocale: string;
  /** Cloudflare Turnstile site key; without it the login modal shows the offline dev robot check. */
  TurnstileSiteKey?: string;
  /**
   * The public browser DSN errors are reported to, through the tunnel at /api/s_tunnel;
   * without it no reporting SDK is loaded.
   */
  ErrorReportingDsn?: string;
  /**
   * Development only: the origin of PUBLIC_URL, which sign-in links and redirects use. A
   * portal opened at another address (127.0.0.1 for localhost) says where to open it,
   * since a link's sign-in reaches only tabs of the origin that asked for it.
   */
  DevPublicOrigin?: string;
  /**
   * Where the Yandex Games adapter loads the YaGames SDK from: Yandex's `/sdk.js` in
   * production, the host simulator's stand-in in development (YANDEX_SDK_URL).
   */
  YandexSdkUrl?: string;
  /**
   * Where the Odnoklassniki adapter loads FAPI (fapi5.js) from: OK's own in production, the
   * host simulator's stand-in in development (OK_FAPI_URL).
   */
  OkFapiUrl?: string;
  /**
   * Where the VK Play adapter loads VK Play's client script (mailru.core.js) from, `{appid}`
   * standing for the launch's app id: VK Play's own in production, the host simulator's
   * stand-in in development (VKPLAY_CORE_URL).
   */
  VkPlayCoreUrl?: string;
  /**
   * Development only: the origin of this server's stand-in for Firebase Auth, which the
   * Firebase SDK is pointed at (its emulator mode); it signs ID tokens with local keys.
   */
  FirebaseAuthEmulatorUrl?: string;
  /**
   * Development only: VK ID is this server's stand-in (/dev/vkid), which the one-tap widget of
   * @vkid/sdk cannot reach (it loads VK's https pages): the login modal then shows a VK ID button
   * that goes to the stand-in's authorization page instead, and the rest of the sign-in is the same.
   */
  VkIdStandIn?: boolean;
  /**
   * The fixed game has a MY.GAMES ID client on this server (its own, or in development the
   * stand-in's): the login modal and the Profile offer MY.GAMES when the company allows `mygames`.
   */
  MyGamesSignIn?: boolean;
  /**
   * Where the CrazyGames adapter loads SDK v3 from: CrazyGames' own in production, the host
   * simulator's stand-in in development (CRAZYGAMES_SDK_URL).
   */
  CrazyGamesSdkUrl?: string;
  /**
   * Where the Kongregate adapter loads kongregate_api.js from: Kongregate's own in production, the
   * host simulator's stand-in in development (KONGREGATE_SCRIPT_URL).
   */
  KongregateApiUrl?: string;
  /**
   * Where the Facebook Instant Games adapter loads the FBInstant SDK from: Facebook's own in
   * production, the host simulator's stand-in in development (FB_INSTANT_SDK_URL).
   */
  FbInstantSdkUrl?: string;
  /**
   * Where the Facebook Games adapter loads Facebook's JS SDK from: Facebook's own in production,
   * the host simulator's stand-in in development (FB_SDK_URL).
   */
  FbSdkUrl?: string;
  /**
   * Where the Steam adapter loads the desktop wrapper's bridge from when the wrapper has not
   * injected `window.fxidSteam`: the host simulator's stand-in in development (STEAM_BRIDGE_URL).
   */
  SteamBridgeUrl?: string;
  /**
   * Development only, while YooKassa runs offline: where the portal loads the stand-in of YooKassa's
   * confirmation widget from (the fake at /dev/yookassa); YooKassa's own script otherwise.
   */
  YookassaWidgetUrl?: string;
  /**
   * Origins besides Money.Mail.Ru's own three whose payment-window messages the portal takes: a
   * fake's that stands in for Money.Mail.Ru (development's /dev/moneymailru, or a test's). Never
   * set in production.
   */
  MoneyMailRuOrigins?: string[];
  /**
   * Where the FxLauncher and FxNative adapters load their wrapper's bridge from when the wrapper
   * has not injected `window.fxidLauncher` / `window.fxidNative`: the host simulator's stand-ins,
   * in development only.
   */
  FxLauncherBridgeUrl?: string;
  FxNativeBridgeUrl?: string;
}

/**
 * The action the sign-in robot check (Turnstile) is rendered with; siteverify reports it
 * back and the server accepts only this one, so a token solved elsewhere does not pass.
 */
export const SIGN_IN_CAPTCHA_ACTION = 'email_sign_in';

/** id of the `<script type="application/json">` element that holds the PageConfig. */
export const PAGE_CONFIG_ELEMENT_ID = 'fxid-page-config';

/**
 * The absolute address of a portal route under `origin`: under the router base path,
 * and in the hash with hash routing. The one place that knows how the site routes; the
 * portal uses it for links that leave the app, the server for the addresses it hands to
 * payment providers, so a player landing back reaches the right page in both modes.
 */
export function portalRouteUrl(
  routing: Pick<PageConfig, 'RouterBasePath' | 'RouterType'>,
  origin: string,
  path: string,
): string {
  const base = `${origin.replace(/\/$/, '')}${routing.RouterBasePath}`;
  const route = path.startsWith('/') ? path : `/${path}`;
  return routing.RouterType === 'hash' ? `${base}#${route}` : `${base}${route.slice(1)}`;
}

/** id of the `<script type="application/json">` element that holds the start screen's FirstData. */
export const FIRST_DATA_ELEMENT_ID = 'fxid-first-data';

/** One API answer of the catalog, for one game on one platform. */
export interface FirstGameAnswer {
  Game: string;
  Platform: string;
  /** The API's 200 answer, as it sends it. */
  Answer: unknown;
}

/**
 * The anonymous API answers a start screen (the landing, the player) renders first, put in the
 * page by the server so the first render need not wait for them: only catalog data, the same for
 * every visitor, never anything personal. The portal uses them only in the language it picked.
 */
export interface FirstData {
  /** The language of the answers. */
  Locale: string;
  /** POST /games/list `{ Locale }`: its AvailableGames. */
  Games: unknown[];
  /** POST /info/news `{ Locale, GameSystemName? }`: its News, the portal's or (with NewsGame) one game's. */
  News?: unknown[];
  NewsGame?: string;
  /** GET /public_game_config/{Game}?WebPublishingPlatform={Platform}. */
  GameConfigs: FirstGameAnswer[];
  /** GET /play/{Game}?WebPublishingPlatform={Platform} without a bearer token. */
  Launch?: FirstGameAnswer;
}
