import type { ADAPTER_PLATFORM, AdapterName, PlatformName } from '@fxid/contract';
import type { PlatformPayments } from '../store/payment-routing.js';
import { agPlatform } from './ag/ag-platform.js';
import { crazyGamesPlatform } from './crazygames/crazygames-platform.js';
import { fbGamesPlatform } from './fbgames/fbgames-platform.js';
import { fbInstantPlatform } from './fbinstantgames/fbinstant-platform.js';
import { kongregatePlatform } from './kg/kg-platform.js';
import { okPlatform } from './ok/ok-platform.js';
import type { ServerPlatform } from './server-platform.js';
import { steamPlatform } from './steam/steam-platform.js';
import { telegramPlatform } from './telegram/telegram-platform.js';
import { vkPlatform } from './vk/vk-platform.js';
import { vkPlayPlatform } from './vkplay/vkplay-platform.js';
import { fxLauncherPlatform } from './wrapper/fxlauncher-platform.js';
import { fxNativePlatform } from './wrapper/fxnative-platform.js';
import { yandexPlatform } from './yandex/yandex-platform.js';
import { wizqPlatform } from './ymobage/wizq-platform.js';

/**
 * The host platforms the server verifies, by adapter name: adding one is a folder
 * here plus one line below (and one in platform-configs.ts if it has settings).
 */
export const SERVER_PLATFORMS: Partial<Record<keyof typeof ADAPTER_PLATFORM, ServerPlatform>> = {
  vkcom: vkPlatform,
  yandex: yandexPlatform,
  telegram: telegramPlatform,
  ok: okPlatform,
  vkplay: vkPlayPlatform,
  crazygames: crazyGamesPlatform,
  kg: kongregatePlatform,
  fbinstantgames: fbInstantPlatform,
  fbgames: fbGamesPlatform,
  ag: agPlatform,
  ymobage: wizqPlatform,
  steam: steamPlatform,
  fxlauncher: fxLauncherPlatform,
  fxnative: fxNativePlatform,
};

/** The server side of a platform, or undefined when none is registered. */
export function serverPlatformFor(platform: PlatformName): ServerPlatform | undefined {
  return Object.values(SERVER_PLATFORMS).find((candidate) => candidate.platform === platform);
}

/** The host platforms that have payments of their own, by adapter name (for the store's Payments). */
export function platformPayments(): Partial<Record<AdapterName, PlatformPayments>> {
  return Object.fromEntries(
    Object.values(SERVER_PLATFORMS).flatMap((platform) =>
      platform.payments ? [[platform.adapter, platform.payments]] : [],
    ),
  );
}
