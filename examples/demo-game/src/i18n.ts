/** The game's own UI texts (not the portal's): English and Russian. */
const en = {
  guest: 'Guest',
  connecting: 'Connecting to the portal…',
  offline: 'Offline: not running inside the fxid portal',
  continueInPortal: 'Continue in the fxid portal',
  account: 'Account',
  signIn: 'Sign in',
  shop: 'Shop',
  ads: 'Ads',
  watchAd: 'Watch ad (+25)',
  interstitial: 'Interstitial',
  bannerOn: 'Show banner',
  bannerOff: 'Hide banner',
  social: 'Friends & sharing',
  share: 'Share',
  friends: 'Friends',
  invite: 'Invite',
  community: 'Join community',
  favourites: 'Add to favourites',
  setStatus: 'Set status',
  vkBridge: 'VK Bridge call',
  crazyGames: 'CrazyGames call',
  tools: 'Tools',
  copyScore: 'Copy score',
  hashGet: 'Read URL hash',
  hashSet: 'Save to URL hash',
  review: 'Rate the game',
  reviewInfo: 'Review info',
  support: 'Support',
  documents: 'Terms',
  consent: 'Consent',
  push: 'Notifications',
  language: 'Русский',
  nickname: 'Nickname',
  check: 'Check',
  log: 'Events and calls',
  tapToPlay: 'Tap to play',
  tapToRetry: 'Tap to play again',
  paused: 'Paused',
  gameOver: 'Game over',
  score: 'Score',
  best: 'Best',
  moves: 'Moves',
  bought: 'Thanks! Purchase complete',
  received: 'Your purchases have arrived',
  owned: 'Owned',
  rewarded: 'Reward received',
  copied: 'Copied',
  statusText: 'scored {score} in {game}!',
  progress: 'Progress',
  leaderboard: 'Leaderboard',
  saved: 'Saved: {rounds} rounds, best {best}',
};

type Texts = typeof en;
export type TextKey = keyof Texts;

const ru: Texts = {
  guest: 'Гость',
  connecting: 'Подключение к порталу…',
  offline: 'Офлайн: игра запущена не в портале fxid',
  continueInPortal: 'Продолжить в портале fxid',
  account: 'Аккаунт',
  signIn: 'Войти',
  shop: 'Магазин',
  ads: 'Реклама',
  watchAd: 'Смотреть рекламу (+25)',
  interstitial: 'Межуровневая',
  bannerOn: 'Показать баннер',
  bannerOff: 'Скрыть баннер',
  social: 'Друзья и ссылки',
  share: 'Поделиться',
  friends: 'Друзья',
  invite: 'Пригласить',
  community: 'Вступить в сообщество',
  favourites: 'В избранное',
  setStatus: 'Установить статус',
  vkBridge: 'Вызов VK Bridge',
  crazyGames: 'Вызов CrazyGames',
  tools: 'Инструменты',
  copyScore: 'Копировать счёт',
  hashGet: 'Прочитать хэш URL',
  hashSet: 'Сохранить в хэш URL',
  review: 'Оценить игру',
  reviewInfo: 'Об оценке',
  support: 'Поддержка',
  documents: 'Соглашение',
  consent: 'Согласия',
  push: 'Уведомления',
  language: 'English',
  nickname: 'Никнейм',
  check: 'Проверить',
  log: 'События и вызовы',
  tapToPlay: 'Коснитесь, чтобы играть',
  tapToRetry: 'Коснитесь, чтобы сыграть ещё',
  paused: 'Пауза',
  gameOver: 'Игра окончена',
  score: 'Очки',
  best: 'Рекорд',
  moves: 'Ходы',
  bought: 'Спасибо! Покупка завершена',
  received: 'Ваши покупки доставлены',
  owned: 'Куплено',
  rewarded: 'Награда получена',
  copied: 'Скопировано',
  statusText: 'набрал(а) {score} в {game}!',
  progress: 'Прогресс',
  leaderboard: 'Таблица лидеров',
  saved: 'Сохранено: раундов {rounds}, рекорд {best}',
};

export type Locale = 'en' | 'ru';
const texts: Record<Locale, Texts> = { en, ru };
/** The game's languages. */
export const LOCALES = Object.keys(texts) as Locale[];
let current: Locale = 'en';

/** Picks the game's locale from any locale code (`ru-RU` → ru); everything else is English. */
export function toLocale(code: string | null | undefined): Locale {
  return code?.toLowerCase().startsWith('ru') ? 'ru' : 'en';
}

export function setLocale(locale: Locale): void {
  current = locale;
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export function getLocale(): Locale {
  return current;
}

/** A UI text in the current locale, with `{name}` placeholders filled. */
export function t(key: TextKey, values: Record<string, string | number> = {}): string {
  return texts[current][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The words for a count in each plural category of a language (CLDR: one, few, many, other…). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * A count with its noun in the current locale's plural form, chosen by Intl.PluralRules
 * (the CLDR rules i18next's plurals use): ru 0 самоцветов, 1 самоцвет, 2 самоцвета, 5 самоцветов.
 */
export function countOf(forms: Record<Locale, PluralForms>, count: number): string {
  const words = forms[current];
  return `${formatNumber(count)} ${words[pluralRules(current).select(count)] ?? words.other}`;
}

/** `make` run once per locale: building an Intl object costs far more than using it. */
function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

/** The header asks on every star picked up. */
const pluralRules = perLocale((locale) => new Intl.PluralRules(locale));
const numberFormat = perLocale((locale) => new Intl.NumberFormat(locale));

/**
 * A whole count as the current locale writes it. The game's locales write counts below 1000 as
 * plain digits; the formatter is built only for larger ones, because the first Intl.NumberFormat
 * a page builds loads the browser's number data: tens of milliseconds on a phone, in the task that
 * starts the game (add a locale with other digits, and drop the shortcut).
 */
function formatNumber(count: number): string {
  if (Number.isInteger(count) && Math.abs(count) < 1000) return String(count);
  return numberFormat(current).format(count);
}
