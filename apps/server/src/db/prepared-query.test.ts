import { afterEach, beforeEach, expect, it } from 'vitest';
import { accountRow } from '../test/account-row.js';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';
import { columnsOf, preparedInsert, preparedListQuery, preparedQuery } from './prepared-query.js';

describeEachEngine('prepared queries', (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    await migrateToLatest(database.handle.db);
  });
  afterEach(() => database.drop());

  const insertIdentity = preparedQuery(
    ['id', 'account_id', 'identifier'],
    (db, row: { id: string; account_id: string; identifier: string }) =>
      db.insertInto('social_identifiers').values({ ...row, type: 'Email', created_at: 5 }),
  );
  const identitiesOf = preparedQuery(['accountId', 'after'], (db, args: { accountId: string; after: string }) =>
    db
      .selectFrom('social_identifiers')
      .select(['identifier', 'type', 'created_at'])
      .where('account_id', '=', args.accountId)
      .where('identifier', '>', args.after)
      .orderBy('identifier'),
  );

  async function account(id: string) {
    await database.handle.db.insertInto('accounts').values(accountRow(id)).execute();
  }

  it('runs with each call its own values, and the values fixed when it was built', async () => {
    const { db } = database.handle;
    await account('a1');
    await account('a2');
    await insertIdentity(db, { id: 'i1', account_id: 'a1', identifier: 'x@example.com' });
    await insertIdentity(db, { id: 'i2', account_id: 'a1', identifier: 'y@example.com' });
    await insertIdentity(db, { id: 'i3', account_id: 'a2', identifier: 'z@example.com' });
    expect((await identitiesOf(db, { accountId: 'a1', after: 'a' })).rows).toEqual([
      { identifier: 'x@example.com', type: 'Email', created_at: 5 },
      { identifier: 'y@example.com', type: 'Email', created_at: 5 },
    ]);
    expect((await identitiesOf(db, { accountId: 'a1', after: 'x@example.com' })).rows).toHaveLength(1);
    expect((await identitiesOf(db, { accountId: 'a2', after: 'a' })).rows).toEqual([
      { identifier: 'z@example.com', type: 'Email', created_at: 5 },
    ]);
    // A value that looks like SQL stays a value.
    expect((await identitiesOf(db, { accountId: "a1' or '1'='1", after: '' })).rows).toEqual([]);
  });

  it('runs inside a transaction, and rolls back with it', async () => {
    const { db } = database.handle;
    await account('a1');
    await expect(
      db.transaction().execute(async (trx) => {
        await insertIdentity(trx, { id: 'i1', account_id: 'a1', identifier: 'x@example.com' });
        expect((await identitiesOf(trx, { accountId: 'a1', after: '' })).rows).toHaveLength(1);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await identitiesOf(db, { accountId: 'a1', after: '' })).rows).toEqual([]);
  });

  it('runs a list query with lists of several lengths, each its own items', async () => {
    const { db } = database.handle;
    await account('a1');
    for (const [id, identifier] of [
      ['i1', 'x@example.com'],
      ['i2', 'y@example.com'],
      ['i3', 'z@example.com'],
    ] as const) {
      await insertIdentity(db, { id, account_id: 'a1', identifier });
    }
    const identifiersIn = preparedListQuery(['accountId'], (builder, ids: string[], args: { accountId: string }) =>
      builder
        .selectFrom('social_identifiers')
        .select('identifier')
        .where('account_id', '=', args.accountId)
        .where('id', 'in', ids)
        .orderBy('identifier'),
    );
    const identifiers = async (ids: string[]) =>
      (await identifiersIn(db, ids, { accountId: 'a1' })).rows.map((row) => row.identifier);
    expect(await identifiers(['i1'])).toEqual(['x@example.com']);
    expect(await identifiers(['i3', 'i1'])).toEqual(['x@example.com', 'z@example.com']);
    // The same length again with other items: the statement built for two is not stuck on its first ids.
    expect(await identifiers(['i2', 'i3'])).toEqual(['y@example.com', 'z@example.com']);
    expect(await identifiers(['i2', "i1' or '1'='1", 'nope'])).toEqual(['y@example.com']);
  });

  it('inserts several rows in one statement, built once per number of rows, each row its own values', async () => {
    const { db } = database.handle;
    await account('a1');
    type Identity = { id: string; account_id: string; type: string; identifier: string; created_at: number };
    const insertIdentities = preparedInsert<Identity>(
      'social_identifiers',
      columnsOf<Identity>({ id: true, account_id: true, type: true, identifier: true, created_at: true }),
    );
    const identity = (id: string, identifier: string, created_at = 7, account_id = 'a1') =>
      ({ id, account_id, type: 'Email', identifier, created_at }) satisfies Identity;
    await insertIdentities(db, [identity('i1', 'x@example.com'), identity('i2', 'y@example.com', 8)]);
    await insertIdentities(db, [identity('i3', 'z@example.com')]);
    // Two rows again, other values: the statement built for two is not stuck on its first rows.
    await insertIdentities(db, [identity('i4', "w' or '1'='1"), identity('i5', 'v@example.com', 9)]);
    const rows = await db
      .selectFrom('social_identifiers')
      .select(['id', 'identifier', 'created_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'i1', identifier: 'x@example.com', created_at: 7 },
      { id: 'i2', identifier: 'y@example.com', created_at: 8 },
      { id: 'i3', identifier: 'z@example.com', created_at: 7 },
      { id: 'i4', identifier: "w' or '1'='1", created_at: 7 },
      { id: 'i5', identifier: 'v@example.com', created_at: 9 },
    ]);
    // No rows: nothing inserted, and no statement to fail.
    await insertIdentities(db, []);
    // One statement: a bad row (no such account) fails the whole insert and leaves none of its rows.
    await expect(
      insertIdentities(db, [identity('i6', 'u@example.com'), identity('i7', 't@example.com', 7, 'nobody')]),
    ).rejects.toThrow();
    expect(await db.selectFrom('social_identifiers').select('id').where('id', '=', 'i6').execute()).toEqual([]);
  });

  it('refuses an argument the query does not bind', async () => {
    const unused = preparedQuery(['accountId', 'type'], (db, args: { accountId: string; type: string }) =>
      db.selectFrom('social_identifiers').select('id').where('account_id', '=', args.accountId),
    );
    await expect(unused(database.handle.db, { accountId: 'a1', type: 'Email' })).rejects.toThrow(
      'argument type is not a bound value',
    );
  });
});
