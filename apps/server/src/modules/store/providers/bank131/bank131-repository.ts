import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Bank131CheckoutsTable, Database } from '../../../../db/schema.js';
import type { SavedCard } from '../sandbox/card-brand.js';

/** Bank131's side of fxid's checkouts; the store never reads it. */
export type Bank131Checkout = Selectable<Bank131CheckoutsTable>;
type Db = Kysely<Database>;

/** Creates the checkout, or returns the one made earlier with the same idempotency key. */
export async function insertOrReuse(db: Db, row: Bank131CheckoutsTable): Promise<Bank131Checkout> {
  await db
    .insertInto('bank131_checkouts')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  return db
    .selectFrom('bank131_checkouts')
    .selectAll()
    .where('idempotency_key', '=', row.idempotency_key)
    .executeTakeFirstOrThrow();
}

export function findCheckout(db: Db, id: string): Promise<Bank131Checkout | undefined> {
  return db.selectFrom('bank131_checkouts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findBySession(db: Db, sessionId: string): Promise<Bank131Checkout | undefined> {
  return db.selectFrom('bank131_checkouts').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** The card of the buyer's latest checkout paid with a card the bank can charge again, if any. */
export function findSavedCard(
  db: Db,
  customerRef: string,
): Promise<(SavedCard & { recurrentToken: string }) | undefined> {
  return db
    .selectFrom('bank131_checkouts')
    .select(['card_brand as brand', 'card_last4 as last4', 'recurrent_token as recurrentToken'])
    .where('customer_ref', '=', customerRef)
    .where('recurrent_token', 'is not', null)
    .where('card_last4', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(1)
    .$narrowType<SavedCard & { recurrentToken: string }>()
    .executeTakeFirst();
}

/** Moves a checkout on only from one of the expected statuses; false when it had moved already. */
export async function updateIf(
  db: Db,
  id: string,
  from: Bank131CheckoutsTable['status'][],
  changes: Updateable<Bank131CheckoutsTable> & { updated_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('bank131_checkouts')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setQr(db: Db, id: string, content: string, image: string | null, now: number): Promise<void> {
  await db
    .updateTable('bank131_checkouts')
    .set({ sbp_qr_content: content, sbp_qr_image: image, updated_at: now })
    .where('id', '=', id)
    .execute();
}
