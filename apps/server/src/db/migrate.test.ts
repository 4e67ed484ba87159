import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { accountRow } from '../test/account-row.js';
import { createTestDatabase, describeEachEngine, TEST_ENGINES, type TestDatabase } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';
import * as keyedSignInTables from './migrations/0112-keyed-sign-in-tables.js';

const opened: TestDatabase[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.drop();
});

describe.runIf(TEST_ENGINES.includes('postgres'))('migrations on PostgreSQL', () => {
  it("migrate a schema of their own while another schema of the database already has the migrator's tables", async () => {
    const first = await createTestDatabase('postgres');
    const second = await createTestDatabase('postgres');
    opened.push(first, second);
    const applied = await migrateToLatest(first.handle.db);
    expect(applied.length).toBeGreaterThan(0);

    // Before, the migrator took the first schema's bookkeeping tables for the second's and failed.
    expect(await migrateToLatest(second.handle.db)).toEqual(applied);
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from kysely_migration`.execute(
      second.handle.db,
    );
    expect(rows[0]?.count).toBe(applied.length);
    expect(await migrateToLatest(second.handle.db)).toEqual([]);
  });
});

describeEachEngine('0112: accounts, identities and sessions keyed (WITHOUT ROWID on SQLite)', (engine) => {
  async function migrated() {
    const database = await createTestDatabase(engine);
    opened.push(database);
    await migrateToLatest(database.handle.db);
    return database.handle.db;
  }
  const account = (id: string, email: string) => accountRow(id, { email, email_normalized: email, email_validated: 1 });
  const identity = (id: string, accountId: string) => ({
    id,
    account_id: accountId,
    type: 'Email',
    identifier: 'a@example.com',
    created_at: 1,
  });
  const session = (id: string, accountId: string, tokenHash: string) => ({
    id,
    account_id: accountId,
    token_hash: tokenHash,
    created_at: 1,
    expires_at: 2,
    revoked_at: null,
  });

  it('keeps every row and every constraint, down and up again', async () => {
    const db = await migrated();
    await db.insertInto('accounts').values(account('a1', 'a@example.com')).execute();
    await db.insertInto('social_identifiers').values(identity('i1', 'a1')).execute();
    await db
      .insertInto('sessions')
      .values(session('s1', 'a1', 'h1'))
      .execute();
    // A table that was not rebuilt, whose foreign key names accounts.
    await db
      .insertInto('temp_tokens')
      .values({ id: 't1', token_hash: 'th', account_id: 'a1', redirect_uri: '/', created_at: 1, expires_at: 2 })
      .execute();

    for (const step of [keyedSignInTables.down, keyedSignInTables.up]) {
      await step(db as Kysely<unknown>);
      expect(await db.selectFrom('accounts').select(['id', 'email_normalized']).execute()).toEqual([
        { id: 'a1', email_normalized: 'a@example.com' },
      ]);
      expect(await db.selectFrom('social_identifiers').selectAll().execute()).toEqual([identity('i1', 'a1')]);
      expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([session('s1', 'a1', 'h1')]);
    }

    // The constraints of 0002 hold on the rebuilt tables: unique keys, addresses, token hashes, foreign keys.
    await expect(db.insertInto('social_identifiers').values(identity('i2', 'a1')).execute()).rejects.toThrow();
    await expect(db.insertInto('accounts').values(account('a1', 'b@example.com')).execute()).rejects.toThrow();
    await expect(db.insertInto('accounts').values(account('a2', 'a@example.com')).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('sessions')
        .values(session('s2', 'a1', 'h1'))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('sessions')
        .values(session('s1', 'a1', 'h2'))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('sessions')
        .values(session('s3', 'nobody', 'h3'))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('social_identifiers')
        .values({ ...identity('i3', 'nobody'), identifier: 'c@example.com' })
        .execute(),
    ).rejects.toThrow();
    // The table that was not rebuilt still holds the account by its foreign key.
    await db.deleteFrom('sessions').execute();
    await db.deleteFrom('social_identifiers').execute();
    await expect(db.deleteFrom('accounts').where('id', '=', 'a1').execute()).rejects.toThrow();
    await db.deleteFrom('temp_tokens').execute();
    await db.deleteFrom('accounts').where('id', '=', 'a1').execute();
  });

  it('keys an identity by its (type, identifier), and on SQLite stores the three tables without a rowid', async () => {
    const db = await migrated();
    if (engine === 'sqlite') {
      const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master
        where name in ('accounts', 'social_identifiers', 'sessions')`.execute(db);
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.sql, row.name).toMatch(/without rowid$/);
      const { rows: checks } = await sql`pragma foreign_keys`.execute(db);
      expect(checks).toEqual([{ foreign_keys: 1 }]);
      const { rows: columns } = await sql<{ name: string; pk: number }>`pragma table_info(social_identifiers)`.execute(
        db,
      );
      expect(
        columns
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
      ).toEqual(['type', 'identifier']);
    } else {
      const { rows } = await sql<{
        column_name: string;
      }>`select kcu.column_name from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        where tc.table_name = 'social_identifiers' and tc.constraint_type = 'PRIMARY KEY'
          and tc.table_schema = current_schema()
        order by kcu.ordinal_position`.execute(db);
      expect(rows.map((row) => row.column_name)).toEqual(['type', 'identifier']);
    }
  });
});
