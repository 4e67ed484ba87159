import type { Kysely } from 'kysely';

/**
 * WizQ proxy request counters: the last `num` taken per game, viewer and WizQ session
 * (`oauth_token`), so that a relayed request is acted on once and never replayed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wizq_proxy_counters')
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('viewer_id', 'text', (c) => c.notNull())
    .addColumn('session', 'text', (c) => c.notNull())
    .addColumn('last_num', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('wizq_proxy_counters_pk', ['game_id', 'viewer_id', 'session'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wizq_proxy_counters').execute();
}
