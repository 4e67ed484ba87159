import { CONNECT_GAME_INVITE_TYPE } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import {
  ForbiddenError,
  GameConnectionError,
  GameNotFoundError,
  RateLimitedError,
  ServiceUnavailableError,
} from '../../errors.js';
import { gameServerSecrets } from '../../lib/game-server-proof.js';
import { newId } from '../../lib/ids.js';
import { safeRedirect } from '../../lib/redirects.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import * as accounts from '../accounts/accounts-service.js';
import { INVITE_TTL_MS, INVITE_WINDOW_MS, INVITES_PER_EMAIL, linkEmail } from '../auth/email-sign-in.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { enqueue } from '../outbox/outbox.js';
import { CONNECT_GAME_TEXTS } from './connect-game-texts.js';
import { verifyGameUidProof } from './game-uid-proof.js';
import { toInviteStatus } from './invites-presenter.js';
import * as repo from './invites-repository.js';

/** A game may ask this many times per window for one of its player accounts. */
export const INVITES_PER_GAME_UID = 5;

export interface GameAccountInput {
  game: string;
  gameUid: string;
  proof: string;
}

/** The game, once the caller has shown that the GameUid is its player's. */
async function provenGame(ctx: AppContext, input: GameAccountInput): Promise<GameRecord> {
  const game = await ctx.catalog.find(input.game);
  if (!game) throw new GameNotFoundError(input.game);
  const secrets = gameServerSecrets(ctx.config, input.game);
  if (secrets.length === 0) throw new ServiceUnavailableError(`Connecting accounts of ${input.game}`);
  if (!verifyGameUidProof(input.proof, secrets, input.game, input.gameUid, ctx.now())) {
    throw new ForbiddenError('The GameUid proof is not valid for this game and player, or has expired');
  }
  return game;
}

/**
 * Mails the player a link that connects the game account to the fxid account of the
 * address (made on first use). Nothing here depends on whether the address has an
 * account, so answers and timing cannot tell.
 */
export async function connectFromGame(
  ctx: AppContext,
  input: GameAccountInput & { email: string; locale?: string | undefined; redirectUri?: string | undefined },
): Promise<{ expiresAt: number }> {
  const game = await provenGame(ctx, input);
  const redirectUri = input.redirectUri
    ? safeRedirect(input.redirectUri, ctx.config.publicUrl, ctx.config.redirectAllowlist)
    : null;
  if (await accounts.connectionOfGameUid(ctx.db, game.id, input.gameUid)) {
    throw new GameConnectionError('GameAccountConnectedToAnotherAccount', input.game);
  }
  const now = ctx.now();
  const emailNormalized = input.email.toLowerCase();
  const since = now - INVITE_WINDOW_MS;
  if ((await repo.countRecentInvites(ctx.db, { emailNormalized }, since)) >= INVITES_PER_EMAIL) {
    throw new RateLimitedError('game connection emails for this address');
  }
  if (
    (await repo.countRecentInvites(ctx.db, { gameId: game.id, gameUid: input.gameUid }, since)) >= INVITES_PER_GAME_UID
  ) {
    throw new RateLimitedError('game connection emails for this game account');
  }

  const token = newSecretToken();
  const names = game.definition.Names;
  const message = await linkEmail(ctx, {
    to: input.email,
    locale: input.locale,
    token,
    inviteType: CONNECT_GAME_INVITE_TYPE,
    texts: CONNECT_GAME_TEXTS,
    placeholders: { game: names[input.locale ?? ''] ?? names[game.definition.DefaultLanguage] ?? input.game },
  });
  const expiresAt = now + INVITE_TTL_MS;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertConnectInvite(trx, {
      id: newId(),
      token_hash: hashToken(token),
      game_id: game.id,
      game_uid: input.gameUid,
      email: input.email,
      email_normalized: emailNormalized,
      locale: input.locale ?? null,
      redirect_uri: redirectUri,
      created_at: now,
      expires_at: expiresAt,
      consumed_at: null,
      result: null,
      account_id: null,
    });
    await enqueue(trx, 'email', message, now);
  });
  return { expiresAt };
}

/** Where a game account stands: connected, invited (pending, expired, failed) or neither. */
export async function inviteStatus(ctx: AppContext, input: GameAccountInput) {
  const game = await provenGame(ctx, input);
  const [connection, invite] = await Promise.all([
    accounts.connectionOfGameUid(ctx.db, game.id, input.gameUid),
    repo.latestInvite(ctx.db, game.id, input.gameUid),
  ]);
  return toInviteStatus(connection !== undefined, invite, ctx.now());
}
