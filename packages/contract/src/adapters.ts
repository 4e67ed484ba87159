import type { PlatformName } from './platform.js';

/**
 * Adapter names used in portal paths and configuration, and the platform each one
 * serves (spec store §1). Free of zod, so the portal's first load and the platform
 * adapters take it from here (`@fxid/contract/adapters`) without the schema library.
 */
export const ADAPTER_PLATFORM = {
  fxid: 'FxId',
  vkplay: 'VkontaktePlay',
  ok: 'Odnoklassniki',
  vkcom: 'VkontakteCom',
  yandex: 'YandexGames',
  ag: 'AbsoluteGames',
  kg: 'Kongregate',
  fbgames: 'FacebookGames',
  crazygames: 'CrazyGames',
  ymobage: 'WizQ',
  telegram: 'Telegram',
  fxlauncher: 'FxLauncher',
  fxnative: 'FxNative',
  steam: 'Steam',
  fbinstantgames: 'FacebookInstantGames',
} as const satisfies Record<string, Exclude<PlatformName, 'Unspecified'>>;
export type AdapterName = keyof typeof ADAPTER_PLATFORM;

/** Whether a name is one of the fifteen adapters (own keys only: `__proto__` is not). */
export function isAdapterName(name: string | null | undefined): name is AdapterName {
  return !!name && Object.hasOwn(ADAPTER_PLATFORM, name);
}

/**
 * The identity string a Steam Web API auth ticket is made for (`GetAuthTicketForWebApi(identity)`,
 * platform-protocols.md §4a): the client asks Steam for a ticket to this service, and our server
 * passes the same string to `AuthenticateUserTicket`, so a ticket made for another service fails.
 */
export const STEAM_WEB_API_IDENTITY = 'fxid';
