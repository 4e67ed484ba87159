import type { Kysely } from 'kysely';

/**
 * The sandbox bank remembers the card a buyer last paid with (brand and last four digits
 * only, as a real bank shows a saved card), so their next checkout can offer it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sandbox_payments')
    .addColumn('customer_ref', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('sandbox_payments').addColumn('card_brand', 'text').execute();
  await db.schema.alterTable('sandbox_payments').addColumn('card_last4', 'text').execute();
  await db.schema
    .createIndex('sandbox_payments_customer')
    .on('sandbox_payments')
    .columns(['customer_ref', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sandbox_payments_customer').execute();
  for (const column of ['card_last4', 'card_brand', 'customer_ref']) {
    await db.schema.alterTable('sandbox_payments').dropColumn(column).execute();
  }
}
