import type { Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { AccountsTable, Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type Db = Kysely<Database>;
export type AccountRow = Selectable<AccountsTable>;

/** Built once: every checkout reads its buyer. */
const accountById = preparedQuery(['id'], (db, args: { id: string }) =>
  db.selectFrom('accounts').selectAll().where('id', '=', args.id),
);

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return (await accountById(db, { id })).rows[0];
}

/** Built once: every email sign-in asks it. */
const accountByEmail = preparedQuery(['emailNormalized'], (db, args: { emailNormalized: string }) =>
  db.selectFrom('accounts').selectAll().where('email_normalized', '=', args.emailNormalized),
);

export async function findAccountByEmail(db: Db, emailNormalized: string): Promise<AccountRow | undefined> {
  return (await accountByEmail(db, { emailNormalized })).rows[0];
}

/** A new registered account signed in by email; its address counts as verified (the link proved it). */
export function createEmailAccount(
  db: Db,
  input: { email: string; emailNormalized: string; locale: string | null; geoCountry: string | null },
  now: number,
): Promise<AccountRow> {
  return insertAccount(
    db,
    {
      name: input.email.split('@')[0] ?? null,
      email: input.email,
      email_normalized: input.emailNormalized,
      email_validated: 1,
      geo_country: input.geoCountry,
      locale: input.locale,
    },
    { type: 'Email', identifier: input.emailNormalized },
    now,
  );
}

/**
 * The account of an address a mailed link just proved: made on first use, marked
 * verified if it was not yet. `account` is the one already found for the address.
 */
export async function provenEmailAccount<Found extends Pick<AccountRow, 'id' | 'email_validated'>>(
  db: Db,
  account: Found | undefined,
  invite: { email: string; email_normalized: string; locale: string | null },
  geoCountry: string | null,
  now: number,
): Promise<Found | AccountRow> {
  if (!account) {
    return createEmailAccount(
      db,
      { email: invite.email, emailNormalized: invite.email_normalized, locale: invite.locale, geoCountry },
      now,
    );
  }
  if (account.email_validated !== 1) await updateAccount(db, account.id, { email_validated: 1 }, now);
  return account;
}

export async function updateAccount(
  db: Db,
  id: string,
  values: Partial<Pick<AccountRow, 'email_validated' | 'marketing_enabled' | 'locale'>>,
  now: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** An account's identities in the order they were added (ids are time-ordered: ties within a millisecond too). */
export function listSocialIdentifiers(db: Db, accountId: string) {
  return db
    .selectFrom('social_identifiers')
    .select(['type', 'identifier'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function accountIdBySocialIdentifier(db: Db, type: string, identifier: string) {
  return db
    .selectFrom('social_identifiers')
    .select('account_id')
    .where('type', '=', type)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
}

/** Removes one platform identity from whichever account holds it; how many rows went (0 when it was not linked). */
export async function deleteSocialIdentifierAnywhere(db: Db, type: string, identifier: string): Promise<number> {
  const result = await db
    .deleteFrom('social_identifiers')
    .where('type', '=', type)
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function listGameConnections(db: Db, accountId: string) {
  return db
    .selectFrom('game_connections')
    .innerJoin('games', 'games.id', 'game_connections.game_id')
    .select(['games.system_name', 'game_connections.game_uid'])
    .where('game_connections.account_id', '=', accountId)
    .orderBy('game_connections.created_at')
    .execute();
}

/** The account's connection to a game, made on first use: the fxid account is then the game account. */
export async function ensureGameConnection(db: Db, accountId: string, gameId: string, now: number) {
  const existing = await db
    .selectFrom('game_connections')
    .select('game_uid')
    .where('account_id', '=', accountId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  if (existing) return existing.game_uid;
  const gameUid = newId();
  await db
    .insertInto('game_connections')
    .values({ id: newId(), account_id: accountId, game_id: gameId, game_uid: gameUid, created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'game_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('game_connections')
    .select('game_uid')
    .where('account_id', '=', accountId)
    .where('game_id', '=', gameId)
    .executeTakeFirstOrThrow();
  return row.game_uid;
}

/** Removes one identity of an account; false when the account holds no such identity. */
export async function deleteSocialIdentifier(
  db: Db,
  accountId: string,
  identity: { type: string; identifier: string },
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('social_identifiers')
    .where('account_id', '=', accountId)
    .where('type', '=', identity.type)
    .where('identifier', '=', identity.identifier)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Adds an identity to an existing account, in the caller's transaction. */
export async function insertSocialIdentifier(
  db: Db,
  accountId: string,
  identity: { type: string; identifier: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('social_identifiers')
    .values({ id: newId(), account_id: accountId, ...identity, created_at: now })
    .execute();
}

/** A new registered account known by a platform identity only (no email yet). */
export function createSocialAccount(
  db: Db,
  input: { type: string; identifier: string; name: string | null; locale: string | null; geoCountry: string | null },
  now: number,
): Promise<AccountRow> {
  return insertAccount(
    db,
    {
      name: input.name,
      email: null,
      email_normalized: null,
      email_validated: 0,
      geo_country: input.geoCountry,
      locale: input.locale,
    },
    { type: input.type, identifier: input.identifier },
    now,
  );
}

/** A new registered account and the identity it was made from, in the caller's transaction. */
async function insertAccount(
  db: Db,
  fields: Pick<AccountRow, 'name' | 'email' | 'email_normalized' | 'email_validated' | 'geo_country' | 'locale'>,
  identity: { type: string; identifier: string },
  now: number,
): Promise<AccountRow> {
  const row: AccountRow = {
    id: newId(),
    ...fields,
    marketing_enabled: 0,
    guest: 0,
    has_completed_order: 0,
    features_json: '[]',
    created_at: now,
    updated_at: now,
  };
  await insertAccountRow(db, row);
  await insertIdentity(db, { id: newId(), account_id: row.id, ...identity, created_at: now });
  return row;
}

/** Every column of an account row, which a new account sets all of. */
const ACCOUNT_COLUMNS = [
  'id',
  'name',
  'email',
  'email_normalized',
  'email_validated',
  'marketing_enabled',
  'geo_country',
  'locale',
  'guest',
  'has_completed_order',
  'features_json',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof AccountRow)[];
/** A column added to the table but not to the list above fails to compile here. */
const allAccountColumns: Exclude<keyof AccountRow, (typeof ACCOUNT_COLUMNS)[number]> extends never ? true : never =
  true;
void allAccountColumns;

/** Built once: every first sign-in makes an account (the placeholders' keys are the columns, in the list's order). */
const insertAccountRow = preparedQuery(ACCOUNT_COLUMNS, (db, row: AccountRow) => db.insertInto('accounts').values(row));

const insertIdentity = preparedQuery(
  ['id', 'account_id', 'type', 'identifier', 'created_at'],
  (db, row: { id: string; account_id: string; type: string; identifier: string; created_at: number }) =>
    db.insertInto('social_identifiers').values(row),
);

/** Who holds a game account, if anyone. */
export function connectionOfGameUid(db: Db, gameId: string, gameUid: string) {
  return db
    .selectFrom('game_connections')
    .select(['account_id', 'game_uid'])
    .where('game_id', '=', gameId)
    .where('game_uid', '=', gameUid)
    .executeTakeFirst();
}

/** The account's game account in a game, if it has one. */
export function connectionOfAccount(db: Db, accountId: string, gameId: string) {
  return db
    .selectFrom('game_connections')
    .select(['account_id', 'game_uid'])
    .where('account_id', '=', accountId)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
}

/** Connects a game account; false when a concurrent request connected the account or the GameUid first. */
export async function insertConnection(
  db: Db,
  row: { id: string; accountId: string; gameId: string; gameUid: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('game_connections')
    .values({
      id: row.id,
      account_id: row.accountId,
      game_id: row.gameId,
      game_uid: row.gameUid,
      created_at: row.now,
    })
    // Either unique constraint may be hit; the caller looks again and names the failure.
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Built once: every completed order makes it (see prepared-query.ts). */
const hasCompletedOrder = preparedQuery(['accountId', 'now'], (db, args: { accountId: string; now: number }) =>
  db
    .updateTable('accounts')
    .set({ has_completed_order: 1, updated_at: args.now })
    .where('id', '=', args.accountId)
    .where('has_completed_order', '=', 0),
);

/** Sets HasCompletedOrder; false when it was set already (nothing changed). */
export async function markHasCompletedOrder(db: Db, accountId: string, now: number): Promise<boolean> {
  const result = await hasCompletedOrder(db, { accountId, now });
  return Number(result.numAffectedRows ?? 0n) === 1;
}

/** Gives an account its (proven) address, in the caller's transaction. */
export async function setProvenEmail(
  db: Db,
  accountId: string,
  email: { email: string; emailNormalized: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ email: email.email, email_normalized: email.emailNormalized, email_validated: 1, updated_at: now })
    .where('id', '=', accountId)
    .execute();
}
