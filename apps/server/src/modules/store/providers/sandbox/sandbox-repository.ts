import type { Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../../../db/prepared-query.js';
import type { Database, SandboxPaymentsTable } from '../../../../db/schema.js';
import type { SavedCard } from './card-brand.js';

/** The sandbox provider's own records; the store never reads them, as with a real provider. */
export type SandboxPayment = Selectable<SandboxPaymentsTable>;
type Db = Kysely<Database>;

/** Creates the checkout, or returns the one made earlier with the same idempotency key. */
export async function insertOrReuse(db: Db, row: SandboxPaymentsTable): Promise<SandboxPayment> {
  const inserted = await db
    .insertInto('sandbox_payments')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  // Nothing inserted: a checkout with this key exists already.
  return (
    inserted ??
    db
      .selectFrom('sandbox_payments')
      .selectAll()
      .where('idempotency_key', '=', row.idempotency_key)
      .executeTakeFirstOrThrow()
  );
}

/** Built once: every payment form and choice reads its checkout. */
const paymentById = preparedQuery(['id'], (db, args: { id: string }) =>
  db.selectFrom('sandbox_payments').selectAll().where('id', '=', args.id),
);

export async function findSandboxPayment(db: Db, id: string): Promise<SandboxPayment | undefined> {
  return (await paymentById(db, { id })).rows[0];
}

/** The card of the buyer's latest checkout paid with one, if any. */
export function findLastCard(db: Db, customerRef: string): Promise<SavedCard | undefined> {
  return db
    .selectFrom('sandbox_payments')
    .select(['card_brand as brand', 'card_last4 as last4'])
    .where('customer_ref', '=', customerRef)
    .where('card_brand', 'is not', null)
    .where('card_last4', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .$narrowType<SavedCard>()
    .executeTakeFirst();
}

/**
 * Moves a checkout on only from the expected status, keeping the card it was paid with;
 * returns the checkout as moved, or undefined when it had moved already.
 */
export function updateSandboxStatusIf(
  db: Db,
  id: string,
  from: SandboxPaymentsTable['status'],
  to: SandboxPaymentsTable['status'],
  now: number,
  card?: SavedCard,
): Promise<SandboxPayment | undefined> {
  return db
    .updateTable('sandbox_payments')
    .set({ status: to, updated_at: now, ...(card && { card_brand: card.brand, card_last4: card.last4 }) })
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}
