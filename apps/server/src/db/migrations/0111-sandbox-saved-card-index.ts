import { type Kysely, sql } from 'kysely';

/**
 * The sandbox's saved-card lookup (a buyer's latest checkout paid with a card) reads only
 * checkouts that kept a card, newest first. Its index covered every checkout of the buyer, so
 * for a buyer who paid without a card number each lookup walked all of their checkouts, longer
 * with every order, and every status change rewrote an index entry (updated_at). The partial
 * index holds just the checkouts the lookup can return.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sandbox_payments_customer').execute();
  await db.schema
    .createIndex('sandbox_payments_saved_card')
    .on('sandbox_payments')
    .columns(['customer_ref', 'updated_at'])
    .where(sql.raw<boolean>('card_brand is not null'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sandbox_payments_saved_card').execute();
  await db.schema
    .createIndex('sandbox_payments_customer')
    .on('sandbox_payments')
    .columns(['customer_ref', 'updated_at'])
    .execute();
}
