import { ADAPTER_PLATFORM, isAdapterName } from '@fxid/contract/adapters';
import type { PageConfig } from '@fxid/contract/page-config';

export { isAdapterName };

export const DEFAULT_ADAPTER = 'fxid';

/** The game: fixed by configuration, else from the path, else the `game` query parameter (spec §2). */
export function resolveGame(
  config: Pick<PageConfig, 'FixedGame'>,
  pathGame: string | undefined,
  search: URLSearchParams,
): string | undefined {
  return config.FixedGame || pathGame || search.get('game') || undefined;
}

/** The adapter: forced by configuration, else the path, else the `adapter` query parameter, else fxid. */
export function resolveAdapter(
  config: Pick<PageConfig, 'ForcedAdapter'>,
  pathAdapter: string | undefined,
  search: URLSearchParams,
): string {
  const candidates = [config.ForcedAdapter, pathAdapter, search.get('adapter')];
  return candidates.find(isAdapterName) ?? DEFAULT_ADAPTER;
}

/**
 * The adapter the page asks for, known or not, in the same order. The player runs this
 * one, so an unknown name fails with 'Unsupported adapter for {name}' instead of quietly
 * playing as the own site; links elsewhere use resolveAdapter.
 */
export function requestedAdapter(
  config: Pick<PageConfig, 'ForcedAdapter'>,
  pathAdapter: string | undefined,
  search: URLSearchParams,
): string {
  return [config.ForcedAdapter, pathAdapter, search.get('adapter')].find((name) => !!name) ?? DEFAULT_ADAPTER;
}

/** The platform name the API expects for an adapter. */
export function platformOf(adapter: string): string {
  return isAdapterName(adapter) ? ADAPTER_PLATFORM[adapter] : 'FxId';
}
