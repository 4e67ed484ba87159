import type { PlatformAdapter, PortalFeatures } from '@fxid/platforms';
import type { Capability, PurchaseResult } from '@fxid/sdk';
import { SdkError } from '@fxid/sdk/host';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SESSION_ID, PAGE_SESSION_START } from '../../../entities/analytics/session';
import { postAnalytics } from '../../../entities/analytics/track';
import { openLegalDocument } from '../../../entities/documents/open-legal-document';
import { useDocumentAcceptance } from '../../../entities/documents/use-document-acceptance';
import { postFriendStatus } from '../../../entities/friends/api/friend-status';
import { fetchFriends } from '../../../entities/friends/api/friends';
import { useInviteShare } from '../../../entities/friends/hooks/use-invite-share';
import type { PublicGameConfig } from '../../../entities/game/api/public-game-config';
import { type Account, accountQuery } from '../../../entities/profile/api/account';
import { logout } from '../../../entities/profile/api/logout';
import {
  consumePurchase,
  createPlatformPayment,
  fetchOwnedSkus,
  fetchPlatformPurchase,
  fetchPurchases,
  type PlatformPaymentBody,
  type PlatformPurchaseBody,
} from '../../../entities/purchase/api/purchases';
import { storeDataQuery } from '../../../entities/purchase/api/store-data';
import { usePurchase } from '../../../entities/purchase/use-purchase';
import { usePushRegistration } from '../../../entities/push/hooks/use-push-registration';
import { openReportIssue } from '../../../entities/support/open-report-issue';
import { sendSupportMessage } from '../../../entities/support/report-issue';
import { useApiClient } from '../../../shared/api/api-context';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { PORTAL_BUILD_ID } from '../../../shared/config/portal-build';
import { switchLanguage } from '../../../shared/i18n/language';
import { clearAuthToken, readAuthToken, storeAuthToken } from '../../../shared/lib/auth-token';
import { loadNumberDataOffMainThread } from '../../../shared/lib/currency-format';
import { createLogger } from '../../../shared/lib/logger';
import { requestSignIn } from '../../../shared/lib/sign-in-request';
import { LazyLinkShareModal } from '../../../shared/ui/modals/lazy-modals';
import { useModals } from '../../../shared/ui/modals/modal-manager';
import { useClipboard } from '../../../shared/ui/modals/use-clipboard';
import { type AnalyticsBatcher, createAnalyticsBatcher } from '../analytics/analytics-batcher';
import { statAnalyticsEvent } from '../analytics/stat-events';
import { fetchCrossPlayCodes, sendCrossPlayEvent } from '../api/cross-play';
import { authenticateFromSocial, authenticateFromSocialSession } from '../api/social-sign-in';
import { toHostBoardInfo } from '../cloud/host-boards';
import { useCloudServices } from '../cloud/use-cloud-services';
import { followPlatformPlayer } from '../host/follow-platform-player';
import { buildGameInfo } from '../host/game-info';
import { createHostHandlers, type PortalServices } from '../host/host-handlers';
import { toSdkError, toSdkPurchase } from '../host/purchases';
import { toSdkFriend } from '../host/sdk-friends';
import { toSdkStoreFront } from '../host/store-front';
import { useGameHost } from '../host/use-game-host';

const logger = createLogger('game');

export interface PlayerState {
  game: string;
  /** Platform name the API expects, e.g. `FxId`. */
  platform: string;
  name: string;
  gameUrl: string | undefined;
  account: Account | undefined;
  token: string | null;
  gameJwt: string | undefined;
  publicConfig: PublicGameConfig | undefined;
  isMobile: boolean;
  onLoadingReady(): void;
}

/** Safe-area insets from CSS env(), which only CSS can read. */
function readSafeArea() {
  const probe = document.createElement('div');
  probe.style.cssText =
    'position:fixed;visibility:hidden;padding:env(safe-area-inset-top) env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)';
  document.body.append(probe);
  const style = getComputedStyle(probe);
  const area = {
    top: Number.parseFloat(style.paddingTop) || 0,
    right: Number.parseFloat(style.paddingRight) || 0,
    bottom: Number.parseFloat(style.paddingBottom) || 0,
    left: Number.parseFloat(style.paddingLeft) || 0,
  };
  probe.remove();
  return area;
}

/** How often, and how long, the portal looks for the order a platform's payment callback made (spec store §4). */
const PLATFORM_ORDER_POLL_MS = 1000;
const PLATFORM_ORDER_TIMEOUT_MS = 180_000;

/**
 * The portal's side of the game channel for one player page on any platform: the
 * handlers of every SDK method (platform behaviour from the adapter, the portal's
 * services shared), the channel itself, the host's events, and the account events of spec §7.
 */
export function useHostHandlers(
  state: PlayerState,
  frame: HTMLIFrameElement | null,
  adapter: PlatformAdapter,
  features: RefObject<PortalFeatures | null>,
): void {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const modals = useModals();
  const { copy } = useClipboard();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const purchase = usePurchase();
  const acceptPending = useDocumentAcceptance();
  const inviteShare = useInviteShare();
  const subscribeToPush = usePushRegistration();
  const latestState = useRef(state);
  latestState.current = state;
  const cloud = useCloudServices(state.game);
  // Games ask for their store front as they start: its prices' number data loads meanwhile, off the main thread.
  useEffect(() => loadNumberDataOffMainThread(i18n.resolvedLanguage ?? i18n.language), [i18n]);
  const analytics = useRef<AnalyticsBatcher | null>(null);
  useEffect(() => {
    const batcher = createAnalyticsBatcher({
      sessionId: PAGE_SESSION_ID,
      buildId: PORTAL_BUILD_ID,
      target: window,
      log: (message, error) => logger.warn(message, error),
      send: async (body, { keepalive }) => {
        // Signed in, the events are the player's; an expired token only loses the attribution.
        await postAnalytics(api, body, { token: latestState.current.token, keepalive });
      },
    });
    analytics.current = batcher;
    return () => {
      analytics.current = null;
      batcher.dispose();
    };
  }, [api]);
  /** The cross-play event codes of each game, asked once; a failed ask lets every event through. */
  const crossPlayCodes = useRef(new Map<string, Promise<Set<string> | null>>());
  const gameInfo = () =>
    buildGameInfo({
      game: state.game,
      account: state.account,
      token: state.token,
      gameJwt: state.gameJwt,
      locale: i18n.resolvedLanguage ?? i18n.language,
      supportedLocales: config.Locales,
      defaultLocale: config.DefaultLocale,
      capabilities: (state.publicConfig?.PublicWebClientConfig.Capabilities ?? []) as Capability[],
      userAgent: navigator.userAgent,
      isMobile: state.isMobile,
      safeArea: readSafeArea(),
    });

  const services: PortalServices = {
    gameInfo,
    signIn: requestSignIn,
    signInFromPlatform: async (payload) => {
      const locale = i18n.resolvedLanguage ?? i18n.language;
      try {
        storeAuthToken(
          await authenticateFromSocial(api, payload, { game: state.game, locale, sessionId: PAGE_SESSION_ID }),
        );
        return true;
      } catch (error) {
        logger.warn('platform sign-in failed', error);
        return false;
      }
    },
    changeLanguage: async (lang) => {
      await switchLanguage(i18n, lang, logger);
    },
    supportedLocales: config.Locales,
    copy: (data, showModalOnFail) => copy(data, { showModalOnFail }),
    showDocument: async (type) => {
      // A due version of the asked document is accepted first, as before playing.
      const { token } = state;
      const only = (document: { DocumentType: { Value: string } }) =>
        document.DocumentType.Value === type.toUpperCase();
      if (token && (await acceptPending({ game: state.game, token, only })) > 0) return true;
      openLegalDocument(modals, {
        api,
        game: state.game,
        locale: i18n.resolvedLanguage ?? i18n.language,
        type: type === 'pp' ? 'PP' : 'TOS',
        title: t(`docs.${type}`),
      });
      return true;
    },
    reportIssue: async ({ subject, message }) => {
      // Read now, not from the last render: a guest may have signed in for this very form.
      const token = readAuthToken();
      if (!token) throw new SdkError('guest', 'The support form needs a signed-in player');
      // The form starts from the profile email (spec §5), loaded here when the sign-in was just now.
      const account = state.account ?? (await queryClient.fetchQuery(accountQuery(api, token)).catch(() => undefined));
      return openReportIssue(modals, { email: account?.Email, subject, message }, (values) =>
        sendSupportMessage(api, token, state.game, values).catch((error: unknown) => {
          logger.error('support message not sent', error);
          throw error;
        }),
      );
    },
    storeFront: async () => {
      const locale = i18n.resolvedLanguage ?? i18n.language;
      const data = await queryClient.fetchQuery(
        storeDataQuery(api, { game: state.game, platform: state.platform, locale, token: readAuthToken() }),
      );
      return toSdkStoreFront(data, locale);
    },
    purchases: async () => {
      // A platform sign-in may have just stored the token this render has not seen yet.
      const token = state.token ?? readAuthToken();
      const { game } = state;
      if (!token) return [];
      return (await fetchPurchases(api, token, game).catch((error: unknown) => Promise.reject(toSdkError(error)))).map(
        toSdkPurchase,
      );
    },
    consumePurchase: async (transactionId) => {
      const { token, game } = state;
      if (!token) throw new SdkError('guest', 'Consuming a purchase needs a signed-in player');
      await consumePurchase(api, token, game, transactionId).catch((error: unknown) =>
        Promise.reject(toSdkError(error)),
      );
      // What the store shows as owned may have changed with it.
      void queryClient.invalidateQueries({ queryKey: ['store'] });
    },
    ownsOneTime: async (sku) => {
      const token = readAuthToken();
      if (!token) return false;
      const owned = await fetchOwnedSkus(api, token, state.game, [sku]).catch((error: unknown) =>
        Promise.reject(toSdkError(error)),
      );
      return owned.has(sku);
    },
    platformOrder: async ({ platform, orderId, sku }) => {
      const deadline = Date.now() + PLATFORM_ORDER_TIMEOUT_MS;
      for (;;) {
        const token = readAuthToken();
        if (!token) throw new SdkError('guest', 'Buying needs a signed-in player');
        // Exactly the order the platform named: a second quick purchase of the same sku has its own.
        const paid = await fetchPlatformPurchase(api, token, {
          Game: state.game,
          Platform: platform as PlatformPurchaseBody['Platform'],
          OrderId: orderId,
        }).catch((error: unknown) => Promise.reject(toSdkError(error)));
        if (paid) {
          if (paid.Sku !== sku)
            throw new SdkError('handler_failed', `Order ${orderId} was for ${paid.Sku}, not ${sku}`);
          // What the store shows as owned may have changed with it.
          void queryClient.invalidateQueries({ queryKey: ['store'] });
          const { transactionId, stats }: PurchaseResult = toSdkPurchase(paid);
          return { transactionId, stats };
        }
        if (Date.now() > deadline) throw new SdkError('timeout', 'The platform did not confirm the payment in time');
        await new Promise((resolve) => setTimeout(resolve, PLATFORM_ORDER_POLL_MS));
      }
    },
    onLoadingReady: state.onLoadingReady,
    onGameRunning: (running) => logger.info(running ? 'game started' : 'game stopped'),
    log: (message, data) => logger.debug(message, data),
    setStatus: async (status) => {
      const { token, game, account } = state;
      if (!token) return;
      // The API wants a name with every status: the account's, else the address before the @.
      const Name = account?.Name?.trim() || account?.Email?.split('@')[0] || t('friends.unnamed');
      await postFriendStatus(api, token, { Game: game, Name, Priority: 0, Status: status });
    },
    trackStat: (record) =>
      analytics.current?.track(
        statAnalyticsEvent(record, { game: state.game, now: Date.now(), sessionStart: PAGE_SESSION_START }),
      ),
    sendFxEvent: async (event) => {
      const { token, game } = state;
      if (!token) throw new SdkError('guest', 'Cross-play events need a signed-in player');
      let codes = crossPlayCodes.current.get(game);
      if (!codes) {
        codes = fetchCrossPlayCodes(api, token, game).catch((error: unknown) => {
          logger.warn('cross-play rules not loaded', error);
          crossPlayCodes.current.delete(game);
          return null;
        });
        crossPlayCodes.current.set(game, codes);
      }
      // The server ignores events no rule names: they need not go out at all.
      if ((await codes)?.has(event.eventCode) === false) {
        logger.debug('cross-play event without a rule', event);
        return;
      }
      await sendCrossPlayEvent(api, token, game, event).catch((error: unknown) => {
        logger.warn('cross-play event not sent', error);
        throw error;
      });
    },
    registerPush: () =>
      subscribeToPush({
        game: state.game,
        vapidKey: state.publicConfig?.PublicWebClientConfig.WebPush.VapidPublicKey,
        token: state.token,
      }),
    emitAd: (event) => host.current?.emit('ad', event),
    cloud,
    cloudSaves: () => state.publicConfig?.PublicWebClientConfig.CloudSaves ?? 'Fxid',
    hostLeaderboards: () =>
      (state.publicConfig?.PublicWebClientConfig.HostLeaderboards ?? []).map((board) =>
        toHostBoardInfo(
          board,
          i18n.resolvedLanguage ?? i18n.language,
          state.publicConfig?.PublicGameData.DefaultLanguage ?? 'en',
        ),
      ),
  };
  // What the adapter may borrow from the portal (the own site's adapter is made of these).
  features.current = {
    isSignedIn: () => !!live.current.gameInfo().fxId.userId,
    signIn: requestSignIn,
    checkout: (sku, developerPayload, platformBlock) =>
      purchase({ game: state.game, platform: state.platform, sku, developerPayload, platformBlock }),
    friends: async () => {
      const { token, game } = state;
      if (!token) return [];
      return (await fetchFriends(api, token, game)).map(toSdkFriend);
    },
    inviteLink: () => inviteShare(state.game, state.name),
    advertisement: () => state.publicConfig?.PublicWebClientConfig.Advertisement ?? {},
    shareLink: (link, text) =>
      modals.open(() => <LazyLinkShareModal url={link} title={text ?? t('landing.shareGame', { name: state.name })} />),
    platformPayment: async (sku, developerPayload, blocks) => {
      const token = readAuthToken();
      if (!token) throw new SdkError('guest', 'Buying needs a signed-in player');
      return createPlatformPayment(api, token, {
        Game: state.game,
        Platform: state.platform as PlatformPaymentBody['Platform'],
        Sku: sku,
        ...(developerPayload ? { DeveloperPayload: developerPayload } : {}),
        ...blocks,
      }).catch((error: unknown) => Promise.reject(toSdkError(error)));
    },
  };
  const live = useRef(services);
  live.current = services;
  const [handlers] = useState(() => createHostHandlers(adapter, () => live.current));
  const host = useGameHost(frame, state.gameUrl, handlers, i18n.resolvedLanguage ?? i18n.language);

  // Pause, resume and focus from the host platform reach the game like the page's own.
  useEffect(
    () =>
      adapter.onHostEvent((event) => {
        if (event.type === 'player-changed') {
          void followPlatformPlayer(event.signIn, {
            accountId: live.current.gameInfo().fxId.userId || null,
            signIn: (payload) =>
              authenticateFromSocialSession(api, payload, {
                game: state.game,
                locale: i18n.resolvedLanguage ?? i18n.language,
                sessionId: PAGE_SESSION_ID,
              }),
            logOut: async () => {
              const token = readAuthToken();
              if (token) await logout(api, token).catch((error: unknown) => logger.warn('logout failed', error));
              clearAuthToken();
            },
            keep: storeAuthToken,
            reload: () => window.location.reload(),
          }).catch((error: unknown) => logger.warn('platform player change not followed', error));
        } else if (event.type === 'focus') host.current?.emit('focus', { focused: event.focused });
        else host.current?.emit(event.type);
      }),
    [adapter, host, api, state.game, i18n],
  );

  // Spec §4: a different account raises account-changed; every sign-in is followed by user-info-changed.
  const accountId = state.account?.AccountId ?? null;
  const previous = useRef(accountId);
  useEffect(() => {
    if (previous.current === accountId) return;
    const oldAccountId = previous.current;
    previous.current = accountId;
    // A guest's saves move to the account now, before the game hears of the new account.
    if (accountId) void cloud.storage.moveGuestSaves();
    host.current?.emit('accountChanged', { oldAccountId, newAccountId: accountId });
    if (accountId) host.current?.emit('userInfoChanged', live.current.gameInfo());
  }, [accountId, host, cloud]);
}
