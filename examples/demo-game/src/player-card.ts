import { type GameInfo, SDK_VERSION } from '@fxid/sdk';
import { h, replaceChildren } from './dom.js';
import { getLocale, t } from './i18n.js';

/** What the header shows besides the player. */
export interface HeaderState {
  info: GameInfo | undefined;
  status: 'connecting' | 'online' | 'offline';
  title: string;
  wallet: string;
}

const version = (v: { major: number; minor: number; build: number }) => `${v.major}.${v.minor}.${v.build}`;

/** Renders the player's name or Guest, avatar, language, platform, SDK versions and wallet. */
export function renderHeader(header: HTMLElement, state: HeaderState): void {
  const { info } = state;
  const name = info && !info.fxId.guest ? info.social.displayName || info.fxId.userId || t('guest') : t('guest');
  const photo = info?.social.photo?.url;
  const chip = (testId: string, text: string) => h('span', { class: 'chip', 'data-testid': testId }, text);
  replaceChildren(
    header,
    h('div', { class: 'avatar', 'aria-hidden': 'true' }, photo ? h('img', { src: photo, alt: '' }) : name.slice(0, 1)),
    h(
      'div',
      { class: 'player' },
      h('div', { class: 'player-name', 'data-testid': 'player-name' }, name),
      h(
        'div',
        { class: 'facts' },
        chip('game-title', state.title),
        chip('language', `lang: ${getLocale()}`),
        info ? chip('platform', `platform: ${info.social.social}`) : null,
        chip('sdk-version', `SDK ${version(SDK_VERSION)}`),
        info ? chip('portal-sdk-version', `portal SDK ${version(info.sdk)}`) : null,
        info?.fxId.userId ? chip('user-id', `id: ${info.fxId.userId}`) : null,
        state.status === 'online'
          ? null
          : chip('connection', t(state.status === 'connecting' ? 'connecting' : 'offline')),
      ),
    ),
    h('div', { class: 'wallet', 'data-testid': 'wallet' }, state.wallet),
  );
}
