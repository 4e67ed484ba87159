import type { Kysely } from 'kysely';

/** Analytics events as the portal tracks them, slots included; append-only. */
export async function up(db: Kysely<unknown>): Promise<void> {
  let table = db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('platform', 'integer', (c) => c.notNull())
    .addColumn('build_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('server_created_at', 'bigint', (c) => c.notNull());
  for (let i = 1; i <= 10; i++) table = table.addColumn(`i${i}`, 'bigint');
  for (let i = 1; i <= 10; i++) table = table.addColumn(`f${i}`, 'double precision');
  for (let i = 1; i <= 15; i++) table = table.addColumn(`s${i}`, 'text');
  for (let i = 1; i <= 4; i++) table = table.addColumn(`j${i}`, 'text');
  await table.execute();
  await db.schema
    .createIndex('analytics_events_server_created')
    .on('analytics_events')
    .column('server_created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
}
