import { loadAdapter, type PlatformAdapter, type PortalFeatures } from '@fxid/platforms';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SESSION_ID } from '../../../entities/analytics/session';
import { useApiClient } from '../../../shared/api/api-context';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { clearAuthToken, readAuthToken, storeAuthToken } from '../../../shared/lib/auth-token';
import { createLogger } from '../../../shared/lib/logger';

const logger = createLogger('platform');

export interface ActivePlatform {
  /** Ready once loaded, initialised and, where the platform signs players in, signed in. */
  adapter: PlatformAdapter | null;
  error: unknown;
  /** The portal's features the adapter leans on; the game channel fills them in when it mounts. */
  features: RefObject<PortalFeatures | null>;
}

/**
 * The active platform adapter of the player page (spec §1): loaded by name from the
 * registry (an unknown name is an error, never a silent fxid), its vendor client
 * initialised, and, where the platform vouches for the player (VK launch
 * parameters), the player signed in on our server before the game is shown.
 */
export function usePlatformAdapter(name: string, game: string | undefined): ActivePlatform {
  const { i18n } = useTranslation();
  const api = useApiClient();
  const {
    YandexSdkUrl,
    OkFapiUrl,
    VkPlayCoreUrl,
    CrazyGamesSdkUrl,
    KongregateApiUrl,
    FbInstantSdkUrl,
    FbSdkUrl,
    SteamBridgeUrl,
    FxLauncherBridgeUrl,
    FxNativeBridgeUrl,
  } = usePageConfig();
  const features = useRef<PortalFeatures | null>(null);
  const [state, setState] = useState<{ key: string; adapter: PlatformAdapter | null; error: unknown }>({
    key: '',
    adapter: null,
    error: null,
  });
  const key = `${name}/${game ?? ''}`;
  const language = useRef(i18n);
  language.current = i18n;

  useEffect(() => {
    if (!game) return;
    let cancelled = false;
    const locale = () => language.current.resolvedLanguage ?? language.current.language;
    const portal = new Proxy({} as PortalFeatures, {
      get: (_target, member) => {
        const current = features.current;
        if (!current) throw new Error('The game channel is not running yet');
        return current[member as keyof PortalFeatures];
      },
    });
    void (async () => {
      // The registry comes with the page (preloaded with it, the own site's adapter inside), so
      // the game and its alerts show without waiting for a chain of requests; a host platform's
      // adapter is one more request, and its vendor client loads in init().
      const factory = await loadAdapter(name);
      const adapter = factory({
        game,
        launchQuery: window.location.search,
        launchHash: window.location.hash,
        locale,
        portal,
        scriptUrls: {
          ...(YandexSdkUrl ? { yandex: YandexSdkUrl } : {}),
          ...(OkFapiUrl ? { ok: OkFapiUrl } : {}),
          ...(VkPlayCoreUrl ? { vkplay: VkPlayCoreUrl } : {}),
          ...(CrazyGamesSdkUrl ? { crazygames: CrazyGamesSdkUrl } : {}),
          ...(KongregateApiUrl ? { kg: KongregateApiUrl } : {}),
          ...(FbInstantSdkUrl ? { fbinstantgames: FbInstantSdkUrl } : {}),
          ...(FbSdkUrl ? { fbgames: FbSdkUrl } : {}),
          ...(SteamBridgeUrl ? { steam: SteamBridgeUrl } : {}),
          ...(FxLauncherBridgeUrl ? { fxlauncher: FxLauncherBridgeUrl } : {}),
          ...(FxNativeBridgeUrl ? { fxnative: FxNativeBridgeUrl } : {}),
        },
        // The token is read at call time: the player may have signed in since.
        verifySignedPurchases: async (proof) =>
          (await import('../api/signed-purchases')).verifySignedPurchases(api, readAuthToken(), game, proof),
        log: (message, data) => logger.debug(message, data),
      });
      await adapter.init();
      const payload = adapter.signInPayload();
      if (payload) {
        // The platform says who plays: that player, not whoever this browser signed in before.
        const { authenticateFromSocial } = await import('../api/social-sign-in');
        try {
          storeAuthToken(
            await authenticateFromSocial(api, payload, { game, locale: locale(), sessionId: PAGE_SESSION_ID }),
          );
          // What the platform sold while our server did not hear of it is delivered before the game asks.
          await adapter.settlePendingPurchases?.().catch((error: unknown) => {
            logger.warn('pending platform purchases not settled', error);
          });
        } catch (error) {
          // The game still runs for a guest; authenticateUser tries again.
          logger.warn('platform sign-in failed', error);
        }
      } else if (adapter.promptSignIn) {
        // A guest of a platform that signs its players in itself (Yandex): whoever this browser
        // signed in before is not this player; they sign in through the platform's prompt.
        clearAuthToken();
      }
      if (!cancelled) setState({ key: `${name}/${game}`, adapter, error: null });
    })().catch((error: unknown) => {
      logger.error('platform adapter failed', error);
      if (!cancelled) setState({ key: `${name}/${game}`, adapter: null, error });
    });
    return () => {
      cancelled = true;
    };
  }, [
    name,
    game,
    api,
    YandexSdkUrl,
    OkFapiUrl,
    VkPlayCoreUrl,
    CrazyGamesSdkUrl,
    KongregateApiUrl,
    FbInstantSdkUrl,
    FbSdkUrl,
    SteamBridgeUrl,
    FxLauncherBridgeUrl,
    FxNativeBridgeUrl,
  ]);

  const current = state.key === key;
  return { adapter: current ? state.adapter : null, error: current ? state.error : null, features };
}
