import type { Kysely } from 'kysely';

/** Messages players sent to support from the report-issue form; mailed through the outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('support_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_id', 'text', (c) => c.references('games.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('sender_name', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('device_uid', 'text')
    .addColumn('sent_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_messages_account')
    .on('support_messages')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_messages').execute();
}
