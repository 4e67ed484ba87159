import { z } from 'zod';

/** Kinds of identity an account can be linked to (spec §3). */
export const SocialIdentifierTypeSchema = z
  .enum([
    'Email',
    'Telegram',
    'Firebase',
    'VkontaktePlay',
    'Odnoklassniki',
    'VkontakteCom',
    'VkontakteComOauth',
    'YandexGames',
    'FxIdGuest',
    'YandexGamesGuest',
    'Facebook',
    'FacebookNamespaced',
    'FacebookGames',
    'Google',
    'Apple',
    'AbsoluteGames',
    'AbsoluteGamesGuest',
    'Kongregate',
    'KongregateGuest',
    'Xsolla',
    'CrazyGames',
    'CrazyGamesGuest',
    'MyGamesId',
    'WizQ',
    'Steam',
    'Egs',
    'Twitch',
    'AW',
  ])
  .meta({ id: 'SocialIdentifierType' });
export type SocialIdentifierType = z.infer<typeof SocialIdentifierTypeSchema>;

export const GenderSchema = z.enum(['Unspecified', 'Female', 'Male']).meta({ id: 'Gender' });

/** Account feature flags (spec §3, Account.Features). */
export const AccountFeatureSchema = z.enum(['None', 'ListGames']).meta({ id: 'AccountFeature' });

/** External sign-in adapters (spec §3, "Auth adapters"). */
export const AuthAdapterSchema = z
  .enum(['Steam', 'Egs', 'Google', 'Facebook', 'SteamOpenId', 'Aw', 'VkId', 'ExternalGameAccessToken'])
  .meta({ id: 'AuthAdapter' });

/**
 * Outcome of connecting a game account to an fxid account (spec §3).
 * Failures carry stable numeric codes.
 */
export const GameConnectionResult = {
  Created: 0,
  Success: 1,
  GameTypeAlreadyConnected: 1000,
  GameAccountConnectedToAnotherAccount: 1001,
  Timeout: 1002,
  GameTypeNotConnected: 1003,
  Unknown: 1999,
} as const;
export type GameConnectionResultName = keyof typeof GameConnectionResult;
export const GameConnectionResultSchema = z
  .enum(Object.keys(GameConnectionResult) as [GameConnectionResultName, ...GameConnectionResultName[]])
  .meta({ id: 'GameConnectionResult' });
