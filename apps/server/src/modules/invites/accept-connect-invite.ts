import type { GameConnectionResultName } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { GameConnectionError, type GameConnectionFailure, InvalidTokenError } from '../../errors.js';
import { hashToken } from '../../lib/tokens.js';
import * as accounts from '../accounts/accounts-service.js';
import * as repo from './invites-repository.js';

type Outcome =
  | { ok: true; result: 'Created' | 'Success'; accountId: string }
  | { ok: false; result: GameConnectionFailure; accountId: string | null };

export interface AcceptedInvite {
  result: 'Created' | 'Success';
  token: string;
  redirectUri: string | undefined;
  game: string;
  gameUid: string;
}

/**
 * Connects the invite's game account to the account of its address, creating that
 * account on first use. A game account belongs to one fxid account, and an fxid
 * account holds one game account per game.
 */
async function connect(
  ctx: AppContext,
  trx: Kysely<Database>,
  invite: repo.ConnectInviteRow,
  geoCountry: string | null,
  now: number,
): Promise<Outcome> {
  const holder = await accounts.connectionOfGameUid(trx, invite.game_id, invite.game_uid);
  let account = await accounts.findAccountByEmail(trx, invite.email_normalized);
  if (holder) {
    if (account && holder.account_id === account.id) return { ok: true, result: 'Success', accountId: account.id };
    return { ok: false, result: 'GameAccountConnectedToAnotherAccount', accountId: account?.id ?? null };
  }
  if (account && (await accounts.connectionOfAccount(trx, account.id, invite.game_id))) {
    return { ok: false, result: 'GameTypeAlreadyConnected', accountId: account.id };
  }
  // The link proved the address.
  account = await accounts.accountForProvenEmail(ctx, trx, account, invite, geoCountry, now);
  const row = { accountId: account.id, gameId: invite.game_id, gameUid: invite.game_uid };
  if (await accounts.connectGameAccount(ctx, trx, row, now))
    return { ok: true, result: 'Created', accountId: account.id };
  // Another request won the race; name what it took.
  const failure: GameConnectionFailure = (await accounts.connectionOfGameUid(trx, invite.game_id, invite.game_uid))
    ? 'GameAccountConnectedToAnotherAccount'
    : (await accounts.connectionOfAccount(trx, account.id, invite.game_id))
      ? 'GameTypeAlreadyConnected'
      : 'Unknown';
  return { ok: false, result: failure, accountId: account.id };
}

/**
 * Uses a game-connection link (once, atomically; opening the page does not) and,
 * when the game account could be connected, starts a session of the account that
 * holds it. A failure is kept on the invite, so the game's status call can tell why.
 */
export async function acceptConnectInvite(
  ctx: AppContext,
  inviteToken: string,
  geoCountry: string | null,
): Promise<AcceptedInvite> {
  const hash = hashToken(inviteToken);
  const now = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const spent = await repo.spendInvite(trx, hash, now);
    if (!spent.spent) {
      const stale = spent.row;
      if (spent.failure === 'expired' && stale) {
        const outcome: Outcome = { ok: false, result: 'Timeout', accountId: null };
        return { invite: stale, outcome, game: await ctx.catalog.systemNameOf(stale.game_id, trx), token: null };
      }
      throw new InvalidTokenError('game connection link');
    }
    const invite = spent.row;
    const outcome = await connect(ctx, trx, invite, geoCountry, now);
    await repo.recordInviteResult(trx, invite.id, outcome.result satisfies GameConnectionResultName, outcome.accountId);
    const token = outcome.ok ? await ctx.sessions.create(outcome.accountId, trx) : null;
    return { invite, outcome, game: await ctx.catalog.systemNameOf(invite.game_id, trx), token };
  });
  // Evicted after commit, so that no reader caches the account as it was before.
  if (done.outcome.accountId) accounts.evictAccount(ctx, done.outcome.accountId);
  if (done.token) ctx.metrics.signedIn('game_connection_link');
  if (!done.outcome.ok || !done.token) {
    throw new GameConnectionError(done.outcome.ok ? 'Unknown' : done.outcome.result, done.game);
  }
  return {
    result: done.outcome.result,
    token: done.token,
    redirectUri: done.invite.redirect_uri ?? undefined,
    game: done.game,
    gameUid: done.invite.game_uid,
  };
}
