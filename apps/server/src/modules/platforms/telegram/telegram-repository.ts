import type { Kysely, Selectable } from 'kysely';
import type { Database, TelegramChargesTable, TelegramInvoicesTable } from '../../../db/schema.js';

/** All SQL of telegram_invoices and telegram_charges (this folder's tables). */
export type Db = Kysely<Database>;
export type TelegramInvoiceRow = Selectable<TelegramInvoicesTable>;
export type TelegramChargeRow = Selectable<TelegramChargesTable>;

export async function insertInvoice(db: Db, row: TelegramInvoicesTable): Promise<void> {
  await db.insertInto('telegram_invoices').values(row).execute();
}

export function findInvoice(db: Db, id: string): Promise<TelegramInvoiceRow | undefined> {
  return db.selectFrom('telegram_invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCharge(db: Db, chargeId: string): Promise<TelegramChargeRow | undefined> {
  return db.selectFrom('telegram_charges').selectAll().where('charge_id', '=', chargeId).executeTakeFirst();
}

/** Records a charge once: false when its id was recorded before (a repeated update). */
export async function insertChargeOnce(db: Db, row: TelegramChargesTable): Promise<boolean> {
  const result = await db
    .insertInto('telegram_charges')
    .values(row)
    .onConflict((conflict) => conflict.column('charge_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function markChargeRefunded(db: Db, chargeId: string, now: number): Promise<void> {
  await db
    .updateTable('telegram_charges')
    .set({ refunded_at: now })
    .where('charge_id', '=', chargeId)
    .where('refunded_at', 'is', null)
    .execute();
}
