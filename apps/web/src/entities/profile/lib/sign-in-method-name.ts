import type { TFunction } from 'i18next';
import type { Account } from '../api/account';

export type SignInMethod = Account['SocialIdentifiers'][number]['Type'];

/** How each sign-in method is named to the player (spec §3, social identifier types). */
type MethodName =
  /** A brand: written as the brand writes it, in every language. */
  | { brand: string }
  /** A guest account: on this portal (no `guestOn`) or on the named platform, whose brand is kept. */
  | { guestOn?: string }
  | { generic: 'profile.email' };

const YANDEX_GAMES = 'Yandex Games';
const ABSOLUTE_GAMES = 'Absolute Games';
const KONGREGATE = 'Kongregate';
const CRAZY_GAMES = 'CrazyGames';

const METHOD_NAMES: Record<SignInMethod, MethodName> = {
  Email: { generic: 'profile.email' },
  Telegram: { brand: 'Telegram' },
  Firebase: { brand: 'Firebase' },
  VkontaktePlay: { brand: 'VK Play' },
  Odnoklassniki: { brand: 'OK' },
  VkontakteCom: { brand: 'VK' },
  VkontakteComOauth: { brand: 'VK ID' },
  YandexGames: { brand: YANDEX_GAMES },
  FxIdGuest: {},
  YandexGamesGuest: { guestOn: YANDEX_GAMES },
  Facebook: { brand: 'Facebook' },
  FacebookNamespaced: { brand: 'Facebook' },
  FacebookGames: { brand: 'Facebook Gaming' },
  Google: { brand: 'Google' },
  Apple: { brand: 'Apple' },
  AbsoluteGames: { brand: ABSOLUTE_GAMES },
  AbsoluteGamesGuest: { guestOn: ABSOLUTE_GAMES },
  Kongregate: { brand: KONGREGATE },
  KongregateGuest: { guestOn: KONGREGATE },
  Xsolla: { brand: 'Xsolla' },
  CrazyGames: { brand: CRAZY_GAMES },
  CrazyGamesGuest: { guestOn: CRAZY_GAMES },
  MyGamesId: { brand: 'MY.GAMES ID' },
  WizQ: { brand: 'WizQ' },
  Steam: { brand: 'Steam' },
  Egs: { brand: 'Epic Games' },
  Twitch: { brand: 'Twitch' },
  AW: { brand: 'AW' },
};

/** The player-facing name of a sign-in method: brand names as they are, generic ones translated. */
export function signInMethodName(method: SignInMethod, t: TFunction): string {
  // An unknown method (a newer server) is shown by its raw name rather than hidden.
  const name: MethodName | undefined = METHOD_NAMES[method];
  if (!name) return method;
  if ('brand' in name) return name.brand;
  if ('generic' in name) return t(name.generic);
  return name.guestOn ? t('profile.guestOn', { platform: name.guestOn }) : t('profile.guest');
}
