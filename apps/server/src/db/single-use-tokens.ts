import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import type { Database } from './schema.js';

/**
 * Tables of single-use tokens stored as hashes: each has `token_hash`, `expires_at` and
 * `consumed_at` (null until spent). Email invites, temp tokens, game-connect invites, order links,
 * launcher download sessions, external-id refresh tokens, identity import tokens, VK ID sign-in states,
 * MY.GAMES sign-in states and transfer tokens.
 */
export type SingleUseTable =
  | 'email_invites'
  | 'temp_tokens'
  | 'game_connect_invites'
  | 'order_links'
  | 'launcher_download_sessions'
  | 'external_id_refresh_tokens'
  | 'identity_import_tokens'
  | 'vkid_sign_ins'
  | 'mygames_sign_ins'
  | 'mygames_transfer_tokens';

/**
 * Why a token could not be spent: no such token; spent before; past its time; or live but
 * refused by the caller's extra condition (a browser nonce, a live session, a purpose).
 */
export type SpendFailure = 'unknown' | 'used' | 'expired' | 'refused';

export type SpendResult<T extends SingleUseTable> =
  | { spent: true; row: Selectable<Database[T]> }
  | { spent: false; failure: SpendFailure; row: Selectable<Database[T]> | undefined };

// biome-ignore lint/suspicious/noExplicitAny: the condition is over whichever token table is named
type AnyBuilder = ExpressionBuilder<any, any>;

/** What state a stored token is in at `now`, judged without spending it. */
export function tokenState(
  row: { consumed_at: number | null; expires_at: number } | undefined,
  now: number,
): 'live' | Exclude<SpendFailure, 'refused'> {
  if (!row) return 'unknown';
  if (row.consumed_at !== null) return 'used';
  return Number(row.expires_at) <= now ? 'expired' : 'live';
}

/**
 * Spends a single-use token once, atomically: one conditional UPDATE … RETURNING, so of
 * concurrent uses exactly one gets the row and every other one a failure. `condition`
 * narrows further; when it alone refuses, nothing is spent and the failure is `refused`.
 * Call inside the transaction of the change the token pays for, so both or neither happen.
 */
export async function spendToken<T extends SingleUseTable>(
  db: Kysely<Database>,
  table: T,
  tokenHash: string,
  now: number,
  condition?: (eb: AnyBuilder) => Expression<SqlBool>,
): Promise<SpendResult<T>> {
  // biome-ignore lint/suspicious/noExplicitAny: the tables share these columns
  const loose = db as unknown as Kysely<any>;
  let update = loose
    .updateTable(table as string)
    .set({ consumed_at: now })
    .where('token_hash', '=', tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now);
  if (condition) update = update.where(condition);
  const spent = await update.returningAll().executeTakeFirst();
  if (spent) return { spent: true, row: spent as Selectable<Database[T]> };
  return spendFailure(db, table, tokenHash, now);
}

/**
 * Why the conditional UPDATE of a spend matched no row (for spends written as their own
 * query): the token's state, or `refused` when it is live and only the extra condition refused.
 */
export async function spendFailure<T extends SingleUseTable>(
  db: Kysely<Database>,
  table: T,
  tokenHash: string,
  now: number,
): Promise<SpendResult<T> & { spent: false }> {
  const { state, row } = await inspectToken(db, table, tokenHash, now);
  return { spent: false, failure: state === 'live' ? 'refused' : state, row };
}

/** A stored token by hash with its state, without spending it (pages that read before they spend). */
export async function inspectToken<T extends SingleUseTable>(
  db: Kysely<Database>,
  table: T,
  tokenHash: string,
  now: number,
): Promise<{ state: ReturnType<typeof tokenState>; row: Selectable<Database[T]> | undefined }> {
  // biome-ignore lint/suspicious/noExplicitAny: the tables share these columns
  const loose = db as unknown as Kysely<any>;
  const row = (await loose
    .selectFrom(table as string)
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()) as Selectable<Database[T]> | undefined;
  return { state: tokenState(row as { consumed_at: number | null; expires_at: number } | undefined, now), row };
}
