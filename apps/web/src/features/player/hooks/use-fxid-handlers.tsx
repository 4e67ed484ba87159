import type { Capability } from '@fxid/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../shared/api/account';
import { useApiClient } from '../../../shared/api/api-context';
import type { PublicGameConfig } from '../../../shared/api/public-game-config';
import { storeDataQuery } from '../../../shared/api/store-data';
import { appUrl } from '../../../shared/config/app-url';
import { usePageConfig } from '../../../shared/config/page-config-context';
import { useDocumentAcceptance } from '../../../shared/documents/use-document-acceptance';
import { switchLanguage } from '../../../shared/i18n/language';
import { createLogger } from '../../../shared/lib/logger';
import { requestSignIn } from '../../../shared/lib/sign-in-request';
import { LazyEmbeddedPageModal, LazyLinkShareModal } from '../../../shared/modals/lazy-modals';
import { useModals } from '../../../shared/modals/modal-manager';
import { useClipboard } from '../../../shared/modals/use-clipboard';
import { usePurchase } from '../../../shared/purchase/use-purchase';
import { openReportIssue } from '../../../shared/support/open-report-issue';
import { sendSupportMessage } from '../../../shared/support/report-issue';
import { createFxidHandlers, type FxidHostDeps } from '../host/fxid-handlers';
import { buildGameInfo } from '../host/game-info';
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

/**
 * The own site's side of the game channel for one player page: the handlers of
 * every SDK method, the channel itself, and the account events of spec §7.
 */
export function useFxidHandlers(state: PlayerState) {
  const { t, i18n } = useTranslation();
  const config = usePageConfig();
  const modals = useModals();
  const { copy } = useClipboard();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const purchase = usePurchase();
  const acceptPending = useDocumentAcceptance();
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
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

  const deps: FxidHostDeps = {
    gameInfo,
    signIn: requestSignIn,
    changeLanguage: async (lang) => {
      await switchLanguage(i18n, lang, logger);
    },
    supportedLocales: config.Locales,
    share: (link, text) =>
      modals.open(() => <LazyLinkShareModal url={link} title={text ?? t('landing.shareGame', { name: state.name })} />),
    copy: (data, showModalOnFail) => copy(data, { showModalOnFail }),
    showDocument: async (type) => {
      // A due version of the asked document is accepted first, as before playing.
      const { token } = state;
      const only = (document: { DocumentType: { Value: string } }) =>
        document.DocumentType.Value === type.toUpperCase();
      if (token && (await acceptPending({ game: state.game, token, only })) > 0) return true;
      modals.open(() => <LazyEmbeddedPageModal url={appUrl(config, `/Docs/${type}`)} title={t(`docs.${type}`)} />);
      return true;
    },
    reportIssue: ({ subject, message }) => {
      const { token } = state;
      if (!token) return Promise.resolve(false);
      return openReportIssue(modals, { email: state.account?.Email, subject, message }, (values) =>
        sendSupportMessage(api, token, state.game, values).catch((error: unknown) => {
          logger.error('support message not sent', error);
          throw error;
        }),
      );
    },
    storeFront: async () => {
      const locale = i18n.resolvedLanguage ?? i18n.language;
      const data = await queryClient.fetchQuery(
        storeDataQuery(api, { game: state.game, platform: state.platform, locale }),
      );
      return toSdkStoreFront(data, locale);
    },
    buyProduct: (sku, developerPayload) =>
      purchase({ game: state.game, platform: state.platform, sku, developerPayload }),
    onLoadingReady: state.onLoadingReady,
    onGameRunning: (running) => logger.info(running ? 'game started' : 'game stopped'),
    log: (message, data) => logger.debug(message, data),
  };
  const live = useRef(deps);
  live.current = deps;
  const [handlers] = useState(() => createFxidHandlers(() => live.current));
  const host = useGameHost(frame, state.gameUrl, handlers, i18n.resolvedLanguage ?? i18n.language);

  // Spec §4: a different account raises account-changed; every sign-in is followed by user-info-changed.
  const accountId = state.account?.AccountId ?? null;
  const previous = useRef(accountId);
  useEffect(() => {
    if (previous.current === accountId) return;
    const oldAccountId = previous.current;
    previous.current = accountId;
    host.current?.emit('accountChanged', { oldAccountId, newAccountId: accountId });
    if (accountId) host.current?.emit('userInfoChanged', live.current.gameInfo());
  }, [accountId, host]);

  /** The callback ref of the game iframe. */
  return { frameRef: setFrame };
}
