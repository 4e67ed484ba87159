import type { Kysely, Selectable } from 'kysely';
import type { Database, SandboxPaymentsTable } from '../../../db/schema.js';

/** The sandbox provider's own records; the store never reads them, as with a real provider. */
export type SandboxPayment = Selectable<SandboxPaymentsTable>;
type Db = Kysely<Database>;

/** Creates the checkout, or returns the one made earlier with the same idempotency key. */
export async function insertOrReuse(db: Db, row: SandboxPaymentsTable): Promise<SandboxPayment> {
  await db
    .insertInto('sandbox_payments')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  const stored = await db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirstOrThrow();
  return stored;
}

export function findSandboxPayment(db: Db, id: string): Promise<SandboxPayment | undefined> {
  return db.selectFrom('sandbox_payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a checkout on only from the expected status; false when it had moved already. */
export async function updateSandboxStatusIf(
  db: Db,
  id: string,
  from: SandboxPaymentsTable['status'],
  to: SandboxPaymentsTable['status'],
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('sandbox_payments')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
