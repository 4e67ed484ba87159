import type { Kysely } from 'kysely';
import type { Database, DevMailboxTable } from '../../db/schema.js';

/** All SQL of the dev mailbox (mail kept in the database when no SMTP server is configured). */
export type Db = Kysely<Database>;

export async function insertMail(db: Db, row: DevMailboxTable): Promise<void> {
  await db.insertInto('dev_mailbox').values(row).execute();
}

/** The newest mail first. */
export function listRecentMail(db: Db, limit: number) {
  return db
    .selectFrom('dev_mailbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
