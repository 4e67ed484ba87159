import { handshakeTargetOrigin } from '@fxid/sdk';
import { h } from './dom.js';
import { getLocale, type TextKey, t } from './i18n.js';
import { collectPurchases, refreshStore } from './purchases.js';
import type { Shell } from './shell.js';
import { renderShop } from './shop.js';
import { tracked } from './tracked.js';

const button = (key: TextKey, testId: string, run: () => void, primary = false) =>
  h('button', { 'data-testid': testId, class: primary ? 'primary' : undefined, onclick: () => run() }, t(key));

const section = (key: TextKey, open: boolean, ...children: HTMLElement[]) =>
  h('details', { class: 'card', open }, h('summary', {}, t(key)), ...children);

/** The portal's page for this game, for sharing; the game's own origin when the portal's is unknown. */
function shareLink(shell: Shell): string {
  const origin = handshakeTargetOrigin(window);
  return new URL(`/play/${shell.meta.id}`, origin === '*' ? location.origin : origin).href;
}

/** The side panel: shop, ads, social and tool buttons, each a logged SDK call. */
export function createActions(shell: Shell): HTMLElement[] {
  const { sdk, log } = shell;
  const run = <T>(name: string, call: () => Promise<T>) => tracked(log, name, call);
  const score = () => shell.game.best;

  const buy = async (sku: string) => {
    const outcome = await run('buyProduct', () => sdk.buyProduct(sku));
    if (!outcome.ok) return;
    if (shell.info) {
      // Granted through getPurchases and consumePurchase, so it is granted once even if
      // another tab (or the next start) sees it too; then the shop shows what is owned now.
      await collectPurchases(shell);
      await refreshStore(shell);
    } else {
      shell.grant(sku);
    }
    shell.toast(t('bought'));
  };
  const watchAd = async () => {
    const outcome = await run('ads.showVideo', () => sdk.ads.showVideo({ placement: 'panel' }));
    if (outcome.ok && outcome.value.outcome === 'Finished') {
      shell.addToWallet(25);
      shell.game.bonus();
      shell.toast(t('rewarded'));
    }
  };
  const rate = async () => {
    const check = await run('review.canReview', () => sdk.review.canReview());
    if (check.ok && check.value.canReview) await run('review.request', () => sdk.review.request());
  };
  const copyScore = async () => {
    const outcome = await run('clipboard.save', () => sdk.clipboard.save(`${shell.meta.title.en}: ${score()}`, true));
    if (outcome.ok && outcome.value.savedToClipboard) shell.toast(t('copied'));
  };
  const nickname = h('input', { class: 'input', 'data-testid': 'nickname', placeholder: t('nickname'), maxlength: 40 });
  const social = shell.info?.social.social;

  const shop = h('div', { class: 'buttons' });
  renderShop(shop, shell.products, buy, t('owned'));
  const { rounds, best } = shell.progress.current;
  return [
    section(
      'progress',
      true,
      h('p', { 'data-testid': 'cloud-progress' }, t('saved', { rounds, best })),
      h(
        'div',
        { class: 'buttons' },
        button('leaderboard', 'leaderboard', () =>
          run('leaderboard.show', () => sdk.leaderboard.show(shell.meta.leaderboard)),
        ),
      ),
    ),
    section('shop', true, shop),
    section(
      'ads',
      true,
      h(
        'div',
        { class: 'buttons' },
        button('watchAd', 'ad-video', watchAd, true),
        button('interstitial', 'ad-interstitial', () => run('ads.showInterstitial', () => sdk.ads.showInterstitial())),
        button('bannerOn', 'banner-show', () => run('ads.showStickyBanner', () => sdk.ads.showStickyBanner())),
        button('bannerOff', 'banner-hide', () => run('ads.hideStickyBanner', () => sdk.ads.hideStickyBanner())),
      ),
    ),
    section(
      'account',
      true,
      h(
        'div',
        { class: 'buttons' },
        button('signIn', 'sign-in', () => run('authenticateUser', () => sdk.authenticateUser()), true),
        button('language', 'language', async () => {
          const next = getLocale() === 'ru' ? 'en' : 'ru';
          await run('changeLanguage', () => sdk.changeLanguage(next));
          // The portal answers with a languageChange event; switching here too keeps the game usable offline.
          shell.setLanguage(next);
        }),
        button('support', 'support', () => run('createSupportRequest', () => sdk.createSupportRequest())),
        button('documents', 'documents', () => run('documents', () => sdk.documents({ type: 'tos' }))),
        button('consent', 'consent', () => run('consentStatus', () => sdk.consentStatus())),
        button('push', 'push', () => run('push.register', () => sdk.push.register())),
      ),
    ),
    section(
      'social',
      false,
      h(
        'div',
        { class: 'buttons' },
        button('share', 'share', () =>
          run('linkShare', () => sdk.linkShare(shareLink(shell), shell.meta.title[getLocale()])),
        ),
        button('friends', 'friends', () => run('friends.get', () => sdk.friends.get())),
        button('invite', 'invite', () => run('friends.invite', () => sdk.friends.invite())),
        button('community', 'community', () => run('friends.joinCommunity', () => sdk.friends.joinCommunity())),
        button('favourites', 'favourites', () => run('friends.addToFavourites', () => sdk.friends.addToFavourites())),
        button('setStatus', 'set-status', () =>
          run('setStatus', () =>
            sdk.setStatus(t('statusText', { score: score(), game: shell.meta.title[getLocale()] })),
          ),
        ),
        social === 'VkontakteCom'
          ? button('vkBridge', 'vk-bridge', () => run('vkBridge.call', () => sdk.vkBridge.call('VKWebAppGetFriends')))
          : null,
        social === 'CrazyGames'
          ? button('crazyGames', 'crazygames', () => run('crazyGames.call', () => sdk.crazyGames.call('user.getUser')))
          : null,
      ),
    ),
    section(
      'tools',
      false,
      h(
        'div',
        { class: 'buttons' },
        button('copyScore', 'copy-score', copyScore),
        button('hashGet', 'hash-get', () => run('urlHash.get', () => sdk.urlHash.get())),
        button('hashSet', 'hash-set', () => run('urlHash.set', () => sdk.urlHash.set(`best-${score()}`))),
        button('review', 'review', rate),
        button('reviewInfo', 'review-info', () => run('review.info', () => sdk.review.info())),
      ),
      h(
        'div',
        { class: 'row' },
        nickname,
        button('check', 'words-filter', () => run('wordsFilter', () => sdk.wordsFilter(nickname.value))),
      ),
    ),
  ];
}
