import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, EmailInvitesTable } from '../../db/schema.js';
import { inspectToken, type SpendResult, spendFailure } from '../../db/single-use-tokens.js';

/** All SQL of email invites (the spec's `email_invite`: the sign-in link a player is mailed). */
export type Db = Kysely<Database>;

/** How many invites were made for an address since `since`. */
export async function countInvitesSince(db: Db, emailNormalized: string, since: number): Promise<number> {
  const recent = await db
    .selectFrom('email_invites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email_normalized', '=', emailNormalized)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(recent.count);
}

export async function insertInvite(
  db: Db,
  row: Omit<EmailInvitesTable, 'consumed_at' | 'link_account_id'> & { link_account_id?: string | null },
): Promise<void> {
  await db
    .insertInto('email_invites')
    .values({ ...row, link_account_id: row.link_account_id ?? null, consumed_at: null })
    .execute();
}

type SpendArgs = { tokenHash: string; now: number };

/** The conditional UPDATE of a spend by the asking browser (its nonce hash), built once. */
const spendByBrowser = preparedQuery(['tokenHash', 'now', 'nonceHash'], (db, args: SpendArgs & { nonceHash: string }) =>
  spendUpdate(db, args).where('browser_nonce_hash', '=', args.nonceHash),
);

/** The same spend after the player confirmed in another browser: never a link that adds an address. */
const spendByConfirmation = preparedQuery(['tokenHash', 'now'], (db, args: SpendArgs) =>
  spendUpdate(db, args).where('link_account_id', 'is', null),
);

function spendUpdate(db: Db, args: SpendArgs) {
  return db
    .updateTable('email_invites')
    .set({ consumed_at: args.now })
    .where('token_hash', '=', args.tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', args.now)
    .returningAll();
}

/**
 * Spends an invite once (as `spendToken` does, one conditional UPDATE … RETURNING). Without
 * `confirmed`, only the browser whose nonce hash the invite holds may spend it; any other is
 * `refused` with nothing spent. A link that adds an address to an account is never spent by
 * confirmation: only by the browser that asked.
 */
export async function spendInvite(
  db: Db,
  tokenHash: string,
  now: number,
  proof: { nonceHash: string | null; confirmed: boolean },
): Promise<SpendResult<'email_invites'>> {
  const { rows } = proof.confirmed
    ? await spendByConfirmation(db, { tokenHash, now })
    : // No nonce matches no invite: an empty hash equals no stored one.
      await spendByBrowser(db, { tokenHash, now, nonceHash: proof.nonceHash ?? '' });
  const row = rows[0];
  if (row) return { spent: true, row };
  return spendFailure(db, 'email_invites', tokenHash, now);
}

/** An invite and its state, spending nothing. */
export function inspectInvite(db: Db, tokenHash: string, now: number) {
  return inspectToken(db, 'email_invites', tokenHash, now);
}
