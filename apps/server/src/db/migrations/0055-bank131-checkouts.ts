import type { Kysely } from 'kysely';

/**
 * Bank131's side of a checkout as fxid keeps it: the token of its card payment form page,
 * the bank's session, what the bank is asked to charge, and the card a paid session was
 * paid with (brand, last four digits and the bank's recurrent token, never the number), so
 * the buyer's next form can offer it. The SBP QR the bank issued waits here for the page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bank131_checkouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_order_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('customer_ref', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('method', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('sbp_qr_content', 'text')
    .addColumn('sbp_qr_image', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('recurrent_token', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bank131_checkouts_customer')
    .on('bank131_checkouts')
    .columns(['customer_ref', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank131_checkouts').execute();
}
