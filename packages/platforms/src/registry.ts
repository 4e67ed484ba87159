import type { AdapterFactory, AdapterName } from './adapter.js';
import { ADAPTER_PLATFORMS } from './adapter.js';
import { UnsupportedAdapterError } from './errors.js';
import { fxidAdapter } from './fxid/fxid-adapter.js';

/**
 * The spec's fifteen adapter names, each a lazy import of its folder: the portal
 * loads only the active platform's code (and its vendor client). Adding a platform
 * is its folder plus its line here. The portal's own site is the exception: most players
 * play there, its adapter is under 1 KB and loads no vendor client, so it travels with the
 * registry and the player page does not wait for one more request before showing the game.
 */
export const ADAPTERS: Record<AdapterName, () => Promise<AdapterFactory>> = {
  fxid: async () => fxidAdapter,
  vkcom: async () => (await import('./vkcom/vkcom-adapter.js')).vkcomAdapter,
  vkplay: async () => (await import('./vkplay/vkplay-adapter.js')).vkPlayAdapter,
  ok: async () => (await import('./ok/ok-adapter.js')).okAdapter,
  yandex: async () => (await import('./yandex/yandex-adapter.js')).yandexAdapter,
  ag: async () => (await import('./ag/ag-adapter.js')).agAdapter,
  kg: async () => (await import('./kg/kg-adapter.js')).kongregateAdapter,
  fbgames: async () => (await import('./fbgames/fbgames-adapter.js')).fbGamesAdapter,
  crazygames: async () => (await import('./crazygames/crazygames-adapter.js')).crazyGamesAdapter,
  ymobage: async () => (await import('./ymobage/wizq-adapter.js')).wizqAdapter,
  telegram: async () => (await import('./telegram/telegram-adapter.js')).telegramAdapter,
  fxlauncher: async () => (await import('./fxlauncher/fxlauncher-adapter.js')).fxLauncherAdapter,
  fxnative: async () => (await import('./fxnative/fxnative-adapter.js')).fxNativeAdapter,
  steam: async () => (await import('./steam/steam-adapter.js')).steamAdapter,
  fbinstantgames: async () => (await import('./fbinstantgames/fbinstant-adapter.js')).fbInstantAdapter,
};

export function isAdapterName(name: string): name is AdapterName {
  return Object.hasOwn(ADAPTER_PLATFORMS, name);
}

/** The factory of an adapter by name; an unknown name rejects with UnsupportedAdapterError. */
export async function loadAdapter(name: string): Promise<AdapterFactory> {
  if (!isAdapterName(name)) throw new UnsupportedAdapterError(name);
  return ADAPTERS[name]();
}
