import type { Insertable, Kysely } from 'kysely';
import type { Database, SupportMessagesTable } from '../../db/schema.js';

export async function insertSupportMessage(
  db: Kysely<Database>,
  values: Insertable<SupportMessagesTable>,
): Promise<void> {
  await db.insertInto('support_messages').values(values).execute();
}
