import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { randomBase64Url } from '../../../shared/lib/vkid/vkid-pending';

/** What this tab keeps while Twitch asks the player: the state it sent, and for which game. */
interface PendingTwitch {
  state: string;
  game: string;
}

const KEY = 'fxid.twitch.pending';

/** Starts connecting Twitch for a game: resolves with Twitch's authorization page, carrying a state kept here. */
export async function startTwitch(api: ApiClient, bearer: string, game: string): Promise<string> {
  const state = randomBase64Url(32);
  const started = await unwrap(
    api.POST('/api/v1/auth/twitch/start', { body: { Game: game, State: state }, headers: bearerHeaders(bearer) }),
  );
  sessionStorage.setItem(KEY, JSON.stringify({ state, game } satisfies PendingTwitch));
  return started.AuthorizeUrl;
}

/** A Twitch return this tab did not start (a forged link, or another tab): nothing is connected. */
export class TwitchNotStartedError extends Error {
  readonly code = 'twitch/not-started';
  constructor() {
    super('This Twitch connection was not started here.');
  }
}

/**
 * Finishes it: the state must be the one this tab sent (RFC 6749 §10.12: nobody can connect
 * their Twitch to this player's account by sending a link), then Twitch's code is exchanged by
 * the server (twitch/connect) and stored as the game's connection. Returns the game.
 */
export async function finishTwitch(api: ApiClient, bearer: string, code: string, state: string): Promise<string> {
  let pending: PendingTwitch | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingTwitch | null;
  } catch {
    pending = null;
  }
  sessionStorage.removeItem(KEY);
  if (!pending || pending.state !== state) throw new TwitchNotStartedError();
  await unwrap(
    api.POST('/api/v1/auth/twitch/connect', {
      body: { Game: pending.game, Code: code },
      headers: bearerHeaders(bearer),
    }),
  );
  return pending.game;
}
