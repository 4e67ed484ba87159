import type { ExternalIdAuthResponse } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import { hashToken, newSecretToken } from '../../../lib/tokens.js';
import { findAccount } from '../../accounts/accounts-service.js';
import { gameConnection } from '../../accounts/profile-service.js';
import * as repo from './external-id-repository.js';
import { issueGameAccessToken } from './game-access-token.js';

/** How long a refresh token can be exchanged (each exchange gives a new one). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * The session and refresh token of an external-id sign-in, written inside the caller's
 * transaction (so a refused sign-in leaves neither); the GameAccessToken is made after it commits.
 */
export async function startExternalIdSession(
  ctx: Pick<AppContext, 'sessions'>,
  trx: Kysely<Database>,
  accountId: string,
  game: string,
  now: number,
) {
  const refreshToken = newSecretToken();
  await repo.insertRefreshToken(
    trx,
    { tokenHash: hashToken(refreshToken), accountId, game, expiresAt: now + REFRESH_TOKEN_TTL_MS },
    now,
  );
  return { accountId, game, accessToken: await ctx.sessions.create(accountId, trx), refreshToken };
}

/** The answer of every external-id sign-in: the tokens, and the player's id in the game (connected on first use). */
export async function externalIdAnswer(
  ctx: AppContext,
  started: Awaited<ReturnType<typeof startExternalIdSession>>,
): Promise<ExternalIdAuthResponse> {
  const { GameUid } = await gameConnection(ctx, started.accountId, started.game);
  const account = await findAccount(ctx.db, started.accountId);
  return {
    State: 'Authenticated',
    Tokens: {
      AccessToken: started.accessToken,
      RefreshToken: started.refreshToken,
      GameAccessToken: await issueGameAccessToken(ctx, {
        accountId: started.accountId,
        game: started.game,
        gameUid: GameUid,
      }),
    },
    AccountId: started.accountId,
    GameUid,
    Email: account?.email ?? null,
  };
}
