import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '../database.js';

/*
 * Every first email sign-in writes an account, its identity and a session. On SQLite each
 * table with a text primary key was two B-trees, the rowid table and an index of the key, and
 * every B-tree a commit changes is one more page written to the WAL (two writes each, and
 * its checksum). Here the three become WITHOUT ROWID tables, stored in the order of their
 * key, so the key index goes: a sign-in commit wrote about 13.5 WAL pages, now about 10.7.
 *
 * An identity is found by (type, identifier), which was unique already, and never by its id:
 * that pair becomes the primary key on both engines (on PostgreSQL one index fewer to keep),
 * and `id` stays an ordinary column. Accounts and sessions keep `id` as their key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('social_identifiers').dropConstraint('social_identifiers_pkey').execute();
    await db.schema.alterTable('social_identifiers').dropConstraint('social_identifiers_type_identifier').execute();
    await db.schema
      .alterTable('social_identifiers')
      .addPrimaryKeyConstraint('social_identifiers_pkey', ['type', 'identifier'])
      .execute();
    return;
  }
  await rebuildTables(db, (table) => table.modifyEnd(sql`without rowid`), 'keyed');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('social_identifiers').dropConstraint('social_identifiers_pkey').execute();
    await db.schema
      .alterTable('social_identifiers')
      .addPrimaryKeyConstraint('social_identifiers_pkey', ['id'])
      .execute();
    await db.schema
      .alterTable('social_identifiers')
      .addUniqueConstraint('social_identifiers_type_identifier', ['type', 'identifier'])
      .execute();
    return;
  }
  await rebuildTables(db, (table) => table, 'rowid');
}

type Layout = 'keyed' | 'rowid';
// biome-ignore lint/suspicious/noExplicitAny: the tables being rebuilt
type Builder = CreateTableBuilder<any, any>;

/** The three tables as 0002 made them, but for the identity's key in the `keyed` layout. */
const TABLES: Record<
  string,
  { define: (table: Builder, layout: Layout) => Builder; indexes?: Array<{ name: string; column: string }> }
> = {
  accounts: {
    define: (table) =>
      table
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('email', 'text')
        .addColumn('email_normalized', 'text', (c) => c.unique())
        .addColumn('email_validated', 'integer', (c) => c.notNull())
        .addColumn('marketing_enabled', 'integer', (c) => c.notNull())
        .addColumn('geo_country', 'text')
        .addColumn('locale', 'text')
        .addColumn('guest', 'integer', (c) => c.notNull())
        .addColumn('has_completed_order', 'integer', (c) => c.notNull())
        .addColumn('features_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull()),
  },
  social_identifiers: {
    define: (table, layout) => {
      const columns = table
        .addColumn('id', 'text', (c) => (layout === 'rowid' ? c.primaryKey() : c.notNull()))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull());
      return layout === 'rowid'
        ? columns.addUniqueConstraint('social_identifiers_type_identifier', ['type', 'identifier'])
        : columns.addPrimaryKeyConstraint('social_identifiers_pkey', ['type', 'identifier']);
    },
    indexes: [{ name: 'social_identifiers_account', column: 'account_id' }],
  },
  sessions: {
    define: (table) =>
      table
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint'),
  },
};

/**
 * SQLite: makes each table anew in `layout` and copies its rows, in one transaction. Accounts
 * are the parent of many tables' foreign keys, so they are checked after the copy rather than
 * at the drop (SQLite's documented way to change a table: foreign keys off, a new table, the
 * old dropped, the new renamed, `foreign_key_check`).
 */
async function rebuildTables(db: Kysely<unknown>, finish: (table: Builder) => Builder, layout: Layout) {
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  const foreignKeys = rows[0]?.foreign_keys === 1;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      for (const [name, { define, indexes = [] }] of Object.entries(TABLES)) {
        const rebuilt = `${name}_rebuilt`;
        await finish(define(trx.schema.createTable(rebuilt), layout)).execute();
        await sql`insert into ${sql.table(rebuilt)} select * from ${sql.table(name)}`.execute(trx);
        await trx.schema.dropTable(name).execute();
        await trx.schema.alterTable(rebuilt).renameTo(name).execute();
        for (const index of indexes) await trx.schema.createIndex(index.name).on(name).column(index.column).execute();
      }
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.length > 0) throw new Error(`foreign keys broken by the rebuild: ${JSON.stringify(broken)}`);
    });
  } finally {
    if (foreignKeys) await sql`pragma foreign_keys = on`.execute(db);
  }
}
