import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { ExpiredTokenError, InvalidTokenError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { safeRedirect } from '../../lib/redirects.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';

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
  await ctx.db
    .insertInto('temp_tokens')
    .values({
      id: newId(),
      token_hash: hashToken(token),
      account_id: session.accountId,
      session_id: (eb) => eb.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(session.bearer)),
      redirect_uri: redirectUri,
      order_public_id: input.orderPublicId ?? null,
      merchant_redirect_type: input.merchantRedirectType ?? null,
      created_at: now,
      expires_at: now + TEMP_TOKEN_TTL_MS,
      consumed_at: null,
    })
    .execute();
  return token;
}

/**
 * Consumes a temp token once, inside the caller's transaction, and gives what it
 * carried; throws 400 invalid_token (unknown, used, or its session signed out) or
 * expired_token.
 */
export async function consumeTempToken(ctx: AppContext, trx: Kysely<Database>, tempToken: string) {
  const hash = hashToken(tempToken);
  const now = ctx.now();
  const row = await trx
    .updateTable('temp_tokens')
    .set({ consumed_at: now })
    .where('token_hash', '=', hash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('session_id', 'in', (eb) =>
      eb.selectFrom('sessions').select('id').where('revoked_at', 'is', null).where('expires_at', '>', now),
    )
    .returning(['account_id', 'redirect_uri', 'order_public_id', 'merchant_redirect_type'])
    .executeTakeFirst();
  if (!row) {
    const stale = await trx
      .selectFrom('temp_tokens')
      .select(['consumed_at', 'expires_at'])
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    // Past its time: expired. Used, or its session ended: no longer a token at all.
    if (stale && stale.consumed_at === null && stale.expires_at <= now) throw new ExpiredTokenError('temporary token');
    throw new InvalidTokenError('temporary token');
  }
  return row;
}

/** Consumes a temp token once and starts a new session for its account. */
export async function authenticateFromTempToken(ctx: AppContext, tempToken: string) {
  return ctx.db.transaction().execute(async (trx) => {
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
}
