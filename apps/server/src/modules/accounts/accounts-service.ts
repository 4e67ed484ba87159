import type { AppContext } from '../../context.js';
import { newId } from '../../lib/ids.js';
import * as repo from './accounts-repository.js';

/*
 * The accounts module's door for everyone else: every write to accounts, identities and
 * game connections made by another module goes through here, and each evicts the presented
 * account from the cache (ctx.accounts), so no other module knows the cache exists.
 * Reads other modules need are here too; none of them imports accounts-repository.
 */

export type AccountRow = repo.AccountRow;

/** Forgets the presented account; the next read builds it again from the database. */
export function evictAccount(ctx: Pick<AppContext, 'accounts'>, accountId: string): void {
  ctx.accounts.delete(accountId);
}

export function findAccount(db: repo.Db, accountId: string): Promise<AccountRow | undefined> {
  return repo.findAccount(db, accountId);
}

export function findAccountByEmail(db: repo.Db, emailNormalized: string): Promise<AccountRow | undefined> {
  return repo.findAccountByEmail(db, emailNormalized);
}

/** The country an account was made from, if known. */
export async function accountCountry(db: repo.Db, accountId: string): Promise<string | null> {
  return (await repo.findAccount(db, accountId))?.geo_country ?? null;
}

/**
 * The account of an address a mailed link just proved, inside the caller's transaction:
 * made on first use, marked verified if it was not yet (and then evicted, so a newly verified
 * address shows at once). `found` is the account already found for the address.
 */
export async function accountForProvenEmail<Found extends Pick<AccountRow, 'id' | 'email_validated'>>(
  ctx: Pick<AppContext, 'accounts'>,
  trx: repo.Db,
  found: Found | undefined,
  invite: { email: string; email_normalized: string; locale: string | null },
  geoCountry: string | null,
  now: number,
): Promise<Found | AccountRow> {
  const account = await repo.provenEmailAccount(trx, found, invite, geoCountry, now);
  if (found && found.email_validated !== 1) evictAccount(ctx, account.id);
  return account;
}

/** Who holds a game account (the player's id in a game), if anyone. */
export function connectionOfGameUid(db: repo.Db, gameId: string, gameUid: string) {
  return repo.connectionOfGameUid(db, gameId, gameUid);
}

/** The account's game account in a game, if it has one. */
export function connectionOfAccount(db: repo.Db, accountId: string, gameId: string) {
  return repo.connectionOfAccount(db, accountId, gameId);
}

/** The player's id inside a game, when the account is connected to it. */
export async function gameUidOf(db: repo.Db, accountId: string, gameId: string): Promise<string | null> {
  return (await repo.connectionOfAccount(db, accountId, gameId))?.game_uid ?? null;
}

/**
 * Connects a game account inside the caller's transaction; false when a concurrent request
 * connected the account or the GameUid first. Evicts the account (call `evictAccount` again
 * after the commit when readers must not cache the state before it).
 */
export async function connectGameAccount(
  ctx: Pick<AppContext, 'accounts'>,
  trx: repo.Db,
  input: { accountId: string; gameId: string; gameUid: string },
  now: number,
): Promise<boolean> {
  const inserted = await repo.insertConnection(trx, { id: newId(), ...input, now });
  evictAccount(ctx, input.accountId);
  return inserted;
}

/** Records that the account completed an order (HasCompletedOrder), inside the caller's transaction. */
export async function markHasCompletedOrder(
  ctx: Pick<AppContext, 'accounts'>,
  trx: repo.Db,
  accountId: string,
  now: number,
): Promise<void> {
  // Only the first completed order changes the account (a cached profile goes stale only then).
  if (await repo.markHasCompletedOrder(trx, accountId, now)) evictAccount(ctx, accountId);
}

/**
 * Records marketing consent the player gave while signing in, inside the caller's
 * transaction. Consent is only ever given here: a sign-in without it leaves an earlier
 * choice alone (the Profile screen withdraws it).
 */
export async function recordMarketingConsent(
  ctx: Pick<AppContext, 'accounts'>,
  trx: repo.Db,
  accountId: string,
  now: number,
): Promise<void> {
  await repo.updateAccount(trx, accountId, { marketing_enabled: 1 }, now);
  evictAccount(ctx, accountId);
}
