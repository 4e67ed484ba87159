import type { Kysely } from 'kysely';

/**
 * One row counting catalog imports. Every import bumps it in its own transaction, so a
 * server that keeps the catalog in memory sees a change made by another process (the
 * `npm run catalog -- import` command, another instance) by reading one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('catalog_version').execute();
}
