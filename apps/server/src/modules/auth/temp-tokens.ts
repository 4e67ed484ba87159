import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ExpiredTokenError, InvalidTokenError } from '../../errors.js';
import { safeRedirect } from '../../lib/redirects.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import * as repo from './temp-tokens-repository.js';

/** A temp token carries a session to another page or device, so it lives only minutes. */
export const TEMP_TOKEN_TTL_MS = 5 * 60 * 1000;

/**
 * Makes a temp token for the signed-in session `bearer`. The token is tied to that
 * session: signing out (or the session expiring) ends it too (security.md §12 row 17).
 */
export async function createTempToken(
  ctx: AppContext,
  session: { accountId: string; bearer: string },
  input: { redirectUri: string; orderPublicId?: string | undefined; merchantRedirectType?: string | undefined },
): Promise<string> {
  const redirectUri = safeRedirect(input.redirectUri, ctx.config.publicUrl, ctx.config.redirectAllowlist);
  const token = newSecretToken();
  const now = ctx.now();
  await repo.insertTempToken(
    ctx.db,
    {
      token_hash: hashToken(token),
      account_id: session.accountId,
      redirect_uri: redirectUri,
      order_public_id: input.orderPublicId ?? null,
      merchant_redirect_type: input.merchantRedirectType ?? null,
      created_at: now,
      expires_at: now + TEMP_TOKEN_TTL_MS,
    },
    hashToken(session.bearer),
  );
  return token;
}

/**
 * Consumes a temp token once, inside the caller's transaction, and gives what it
 * carried; throws 400 invalid_token (unknown, used, or its session signed out) or
 * expired_token.
 */
export async function consumeTempToken(ctx: AppContext, trx: Kysely<Database>, tempToken: string) {
  const result = await repo.spendTempToken(trx, hashToken(tempToken), ctx.now());
  if (result.spent) return result.row;
  // Past its time: expired. Used, or its session ended (refused): no longer a token at all.
  if (result.failure === 'expired') throw new ExpiredTokenError('temporary token');
  throw new InvalidTokenError('temporary token');
}

/** Consumes a temp token once and starts a new session for its account. */
export async function authenticateFromTempToken(ctx: AppContext, tempToken: string) {
  const started = await ctx.db.transaction().execute(async (trx) => {
    const row = await consumeTempToken(ctx, trx, tempToken);
    return {
      Token: await ctx.sessions.create(row.account_id, trx),
      TempTokenData: {
        redirect_uri: row.redirect_uri,
        order_public_id: row.order_public_id,
        merchant_redirect_type: row.merchant_redirect_type,
      },
    };
  });
  // Counted after the commit: a sign-in that rolled back started no session.
  ctx.metrics.signedIn('temp_token');
  return started;
}
