import type { PageConfig } from '@fxid/contract';
import { unwrap } from '../../api/call';
import type { ApiClient } from '../../api/client';
import { randomBase64Url } from '../vkid/vkid-pending';

/** The login modal's name of MY.GAMES among the allowed providers, and the identity it gives (spec §3). */
export const MYGAMES_PROVIDER = 'mygames';
export const MYGAMES_IDENTITY_TYPE = 'MyGamesId';

/** What this browser keeps while MY.GAMES signs the player in: only it may finish (the nonce). */
interface PendingMyGames {
  state: string;
  nonce: string;
  game: string;
  /** Portal route to return to afterwards. */
  returnTo: string;
  /** A signed-in player is adding MY.GAMES to the account (the Profile started it). */
  link: boolean;
}

const KEY = 'fxid.mygames.pending';

/** The game MY.GAMES signs in for, when offered: allowed by the company and set up for the fixed game. */
export function offeredMyGames(allowed: readonly string[], config: PageConfig): string | undefined {
  const isAllowed = allowed.some((name) => name.toLowerCase() === MYGAMES_PROVIDER);
  return isAllowed && config.MyGamesSignIn && config.FixedGame ? config.FixedGame : undefined;
}

/** Starts a MY.GAMES sign-in bound to this browser; resolves with MY.GAMES's authorization page. */
export async function startMyGames(
  api: ApiClient,
  input: { game: string; returnTo: string; link: boolean },
): Promise<string> {
  const nonce = randomBase64Url(32);
  const started = await unwrap(
    api.POST('/api/v1/auth/oauth/mygames/start', { body: { Game: input.game, BrowserNonce: nonce } }),
  );
  const pending: PendingMyGames = { state: started.State, nonce, ...input };
  localStorage.setItem(KEY, JSON.stringify(pending));
  return started.AuthorizeUrl;
}

/** The sign-in this browser started for `state`, spent: a second read finds nothing. */
function takePending(state: string): PendingMyGames | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as PendingMyGames | null;
    localStorage.removeItem(KEY);
    return kept?.state === state ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** A MY.GAMES return this browser did not start (another browser, or storage cleared). */
export class MyGamesNotStartedError extends Error {
  readonly code = 'mygames/not-started';
  constructor() {
    super('This MY.GAMES sign-in was not started in this browser.');
  }
}

/**
 * The address MY.GAMES sent the browser back to, read by the server (oauth/mygames/info): the
 * MY.GAMES user, a single-use MyGamesToken for the transfer, and a session when an account
 * already holds that user.
 */
export async function readMyGamesReturn(api: ApiClient, url: string) {
  const pending = takePending(new URL(url).searchParams.get('state') ?? '');
  if (!pending) throw new MyGamesNotStartedError();
  const answer = await unwrap(
    api.POST('/api/v1/auth/oauth/mygames/info', {
      body: { Game: pending.game, Url: url, BrowserNonce: pending.nonce },
    }),
  );
  return { ...answer.Data, returnTo: pending.returnTo, link: pending.link };
}

/**
 * Moves the MY.GAMES user to the signed-in account (`bearer`), or without one to an account of
 * its own; returns the new account's session in that case.
 */
export async function transferMyGames(
  api: ApiClient,
  input: { game: string; myGamesToken: string; bearer: string | null },
): Promise<string | undefined> {
  const answer = await unwrap(
    api.POST('/api/v1/auth/oauth/mygames/transfer', {
      body: {
        Game: input.game,
        MyGamesToken: input.myGamesToken,
        ...(input.bearer ? { Token: input.bearer } : {}),
      },
    }),
  );
  return answer.Token;
}
