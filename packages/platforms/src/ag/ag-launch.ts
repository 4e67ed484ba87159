import type { PlatformPaymentBlocks } from '../adapter.js';

/** The signed iframe parameters Absolute Games frames the game with (spec store §3, AbsoluteGames block). */
export interface AgOptions {
  appId: string;
  authKey: string;
  debug: string;
  gameSid: string;
  playerId: string;
  /** AG's own flag: anything but 'false' is a player not logged in on ag.ru. */
  guest: string;
  invite: string;
}

export function parseAgOptions(values: URLSearchParams | Record<string, string>): AgOptions {
  const params = values instanceof URLSearchParams ? values : new URLSearchParams(values);
  return {
    appId: params.get('app_id') ?? '',
    authKey: params.get('auth_key') ?? '',
    debug: params.get('debug') ?? '',
    gameSid: params.get('game_sid') ?? '',
    playerId: params.get('player_id') ?? '',
    guest: params.get('guest') ?? '',
    invite: params.get('invite') ?? '',
  };
}

export const isAgGuest = (options: AgOptions) => options.guest !== 'false';

/** The options as the query string they came in (what our server verifies). */
export function agOptionsQuery(options: AgOptions): string {
  return new URLSearchParams({
    app_id: options.appId,
    player_id: options.playerId,
    guest: options.guest,
    game_sid: options.gameSid,
    invite: options.invite,
    debug: options.debug,
    auth_key: options.authKey,
  }).toString();
}

export function agPaymentBlock(options: AgOptions): Required<PlatformPaymentBlocks>['AbsoluteGames'] {
  return {
    AppId: options.appId,
    AuthKey: options.authKey,
    Debug: options.debug,
    GameSid: options.gameSid,
    PlayerId: options.playerId,
    Guest: options.guest,
    Invite: options.invite,
  };
}
