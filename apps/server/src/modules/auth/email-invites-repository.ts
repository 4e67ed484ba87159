import type { Kysely } from 'kysely';
import type { Database, EmailInvitesTable } from '../../db/schema.js';
import { inspectToken, spendToken } from '../../db/single-use-tokens.js';

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

/**
 * Spends an invite once. Without `confirmed`, only the browser whose nonce hash the invite
 * holds may spend it; any other is `refused` with nothing spent. A link that adds an address
 * to an account is never spent by confirmation: only by the browser that asked.
 */
export function spendInvite(
  db: Db,
  tokenHash: string,
  now: number,
  proof: { nonceHash: string | null; confirmed: boolean },
) {
  return spendToken(
    db,
    'email_invites',
    tokenHash,
    now,
    proof.confirmed
      ? (eb) => eb('link_account_id', 'is', null)
      : (eb) => eb('browser_nonce_hash', '=', proof.nonceHash ?? ''),
  );
}

/** An invite and its state, spending nothing. */
export function inspectInvite(db: Db, tokenHash: string, now: number) {
  return inspectToken(db, 'email_invites', tokenHash, now);
}
