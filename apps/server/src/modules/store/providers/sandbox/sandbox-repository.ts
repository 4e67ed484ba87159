import type { Kysely, Selectable } from 'kysely';
import { columnsOf, preparedQuery } from '../../../../db/prepared-query.js';
import type { Database, SandboxPaymentsTable } from '../../../../db/schema.js';
import type { SavedCard } from './card-brand.js';

/** The sandbox provider's own records; the store never reads them, as with a real provider. */
export type SandboxPayment = Selectable<SandboxPaymentsTable>;
type Db = Kysely<Database>;

/** Built once, as the sandbox's other statements below: every sandbox order makes them (see prepared-query.ts). */
const insertPayment = preparedQuery(
  columnsOf<SandboxPaymentsTable>({
    id: true,
    public_order_id: true,
    amount: true,
    currency: true,
    description: true,
    return_url: true,
    status: true,
    idempotency_key: true,
    customer_ref: true,
    card_brand: true,
    card_last4: true,
    created_at: true,
    updated_at: true,
  }),
  (db, row: SandboxPaymentsTable) =>
    db
      .insertInto('sandbox_payments')
      .values(row)
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returningAll(),
);

/** Creates the checkout, or returns the one made earlier with the same idempotency key. */
export async function insertOrReuse(db: Db, row: SandboxPaymentsTable): Promise<SandboxPayment> {
  const inserted = (await insertPayment(db, row)).rows[0];
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

const lastCard = preparedQuery(['customerRef'], (db, args: { customerRef: string }) =>
  db
    .selectFrom('sandbox_payments')
    .select(['card_brand as brand', 'card_last4 as last4'])
    .where('customer_ref', '=', args.customerRef)
    .where('card_brand', 'is not', null)
    .where('card_last4', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .$narrowType<SavedCard>(),
);

/** The card of the buyer's latest checkout paid with one, if any. */
export async function findLastCard(db: Db, customerRef: string): Promise<SavedCard | undefined> {
  return (await lastCard(db, { customerRef })).rows[0];
}

type StatusMove = { id: string; from: SandboxPaymentsTable['status']; to: SandboxPaymentsTable['status']; now: number };
/** The status move from `from`, and the same keeping the card it was paid with. */
const statusUpdate = preparedQuery(['id', 'from', 'to', 'now'], (db, args: StatusMove) =>
  db
    .updateTable('sandbox_payments')
    .set({ status: args.to, updated_at: args.now })
    .where('id', '=', args.id)
    .where('status', '=', args.from)
    .returningAll(),
);
const statusUpdateWithCard = preparedQuery(
  ['id', 'from', 'to', 'now', 'brand', 'last4'],
  (db, args: StatusMove & SavedCard) =>
    db
      .updateTable('sandbox_payments')
      .set({ status: args.to, updated_at: args.now, card_brand: args.brand, card_last4: args.last4 })
      .where('id', '=', args.id)
      .where('status', '=', args.from)
      .returningAll(),
);

/**
 * Moves a checkout on only from the expected status, keeping the card it was paid with;
 * returns the checkout as moved, or undefined when it had moved already.
 */
export async function updateSandboxStatusIf(
  db: Db,
  id: string,
  from: SandboxPaymentsTable['status'],
  to: SandboxPaymentsTable['status'],
  now: number,
  card?: SavedCard,
): Promise<SandboxPayment | undefined> {
  const move = { id, from, to, now };
  const result = card ? await statusUpdateWithCard(db, { ...move, ...card }) : await statusUpdate(db, move);
  return result.rows[0];
}
