import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, EmailInvitesTable } from '../../db/schema.js';
import { inspectToken, type SpendResult, spendFailure } from '../../db/single-use-tokens.js';

/** All SQL of email invites (the spec's `email_invite`: the sign-in link a player is mailed). */
export type Db = Kysely<Database>;
export type EmailInviteRow = Selectable<EmailInvitesTable>;

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

/**
 * Spends the invite and, in the same statement, reads the account its address already has
 * (the sign-in needs it next): one statement where a spend and a lookup were two.
 */
function spendUpdate(db: Db, args: SpendArgs) {
  const holder = (eb: ExpressionBuilder<Database, 'email_invites'>) =>
    eb.selectFrom('accounts').whereRef('accounts.email_normalized', '=', 'email_invites.email_normalized');
  return db
    .updateTable('email_invites')
    .set({ consumed_at: args.now })
    .where('token_hash', '=', args.tokenHash)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', args.now)
    .returningAll()
    .returning((eb) => [
      holder(eb).select('accounts.id').as('holder_id'),
      holder(eb).select('accounts.email_validated').as('holder_email_validated'),
    ]);
}

/** A spent invite, and the account its address had then (none: the sign-in makes it). */
export type SpentInvite =
  | { spent: true; row: EmailInviteRow; holder: { id: string; email_validated: number } | undefined }
  | (SpendResult<'email_invites'> & { spent: false });

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
): Promise<SpentInvite> {
  const { rows } = proof.confirmed
    ? await spendByConfirmation(db, { tokenHash, now })
    : // No nonce matches no invite: an empty hash equals no stored one.
      await spendByBrowser(db, { tokenHash, now, nonceHash: proof.nonceHash ?? '' });
  const spent = rows[0];
  if (spent) {
    const { holder_id, holder_email_validated, ...row } = spent;
    const holder = holder_id ? { id: holder_id, email_validated: Number(holder_email_validated) } : undefined;
    return { spent: true, row, holder };
  }
  return spendFailure(db, 'email_invites', tokenHash, now);
}

/** An invite and its state, spending nothing. */
export function inspectInvite(db: Db, tokenHash: string, now: number) {
  return inspectToken(db, 'email_invites', tokenHash, now);
}
