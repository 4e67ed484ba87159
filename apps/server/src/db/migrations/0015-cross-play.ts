import type { Kysely } from 'kysely';

/** Cross-play quests from the catalog and each account's progress in them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cross_play_quests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.references('games.id'))
    .addColumn('event_game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('event_code', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('definition_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cross_play_quests_event')
    .on('cross_play_quests')
    .columns(['event_game_id', 'event_code'])
    .execute();
  await db.schema
    .createTable('cross_play_progress')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('quest_id', 'text', (c) => c.notNull().references('cross_play_quests.id'))
    .addColumn('progress', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('cross_play_progress_pk', ['account_id', 'quest_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cross_play_progress').execute();
  await db.schema.dropTable('cross_play_quests').execute();
}
