import { randomBytes } from 'node:crypto';
import {
  FRIEND_STATUS_RETENTION_MS,
  type Friend,
  type FriendInviteRequest,
  type FriendStatusRequest,
  type FriendsGetRequest,
} from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, NotFoundError, OwnInviteError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { presentFriends } from './friends-presenter.js';
import * as repo from './friends-repository.js';

async function requireGame(ctx: AppContext, name: string): Promise<GameRecord> {
  const game = await ctx.catalog.find(name);
  if (!game) throw new GameNotFoundError(name);
  return game;
}

/** The player's friends with status updates from the last year (spec §9). */
export async function getFriends(
  ctx: AppContext,
  accountId: string,
  request: FriendsGetRequest,
): Promise<{ Friends: Friend[] }> {
  const game = request.Game === undefined ? undefined : await requireGame(ctx, request.Game);
  const since = ctx.now() - FRIEND_STATUS_RETENTION_MS;
  const rows = await repo.listFriendRows(ctx.db, accountId, since, request.FriendsIds);
  return { Friends: presentFriends(rows, game?.id, since).slice(0, repo.FRIENDS_LIMIT) };
}

/** Records the player's status in a game; their friends see it for a year. */
export async function setStatus(ctx: AppContext, accountId: string, request: FriendStatusRequest): Promise<void> {
  const game = await requireGame(ctx, request.Game);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertStatus(trx, {
      account_id: accountId,
      game_id: game.id,
      name: request.Name,
      status: request.Status,
      priority: request.Priority,
      updated_at: now,
    });
    await repo.deleteStatusesBefore(trx, now - FRIEND_STATUS_RETENTION_MS);
  });
}

/** The account's referral id, made on first use: 128 random bits, so links cannot be guessed. */
export async function referralOf(ctx: AppContext, accountId: string): Promise<string> {
  const existing = await repo.findReferral(ctx.db, accountId);
  if (existing) return existing;
  await repo.insertReferral(ctx.db, accountId, randomBytes(16).toString('base64url'), ctx.now());
  const ref = await repo.findReferral(ctx.db, accountId);
  if (!ref) throw new Error('referral id was not stored');
  return ref;
}

/**
 * The invite link the player shares: a go link to the game (or the front page)
 * carrying their referral id as fxref. Whoever signs in through it becomes their friend.
 */
export async function inviteLink(
  ctx: AppContext,
  accountId: string,
  request: FriendInviteRequest,
): Promise<{ Success: true; Fxref: string; InviteUrl: string }> {
  if (request.Game !== undefined) await requireGame(ctx, request.Game);
  const fxref = await referralOf(ctx, accountId);
  const base = ctx.config.portal.routerBasePath;
  const url = new URL(`${base}api/v1/go`, ctx.config.publicUrl);
  url.searchParams.set('url', request.Game === undefined ? base : `${base}play/${request.Game}`);
  url.searchParams.set('fxref', fxref);
  url.searchParams.set('type', 'invite');
  return { Success: true, Fxref: fxref, InviteUrl: url.toString() };
}

/** Makes the signed-in player a friend of whoever shared the invite link; repeating it changes nothing. */
export async function acceptInvite(
  ctx: AppContext,
  accountId: string,
  fxref: string,
): Promise<{ Success: true; Created: boolean; FriendAccountId: string }> {
  const inviter = await repo.findAccountByReferral(ctx.db, fxref);
  if (!inviter) throw new NotFoundError('Invite link');
  if (inviter === accountId) throw new OwnInviteError();
  const created = await repo.insertFriendship(ctx.db, inviter, accountId, ctx.now());
  return { Success: true, Created: created, FriendAccountId: inviter };
}
