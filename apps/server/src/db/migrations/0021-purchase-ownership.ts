import { type Kysely, sql } from 'kysely';

/**
 * What a player owns and what a game has collected.
 *
 * `exclusive_sku` is set on an order whose main product can be owned only once
 * (NonConsumable). A partial unique index lets one such order per player, game and sku
 * exist while it is open or paid, so of two concurrent checkouts exactly one is created
 * on either engine; a cancelled or refunded order leaves the index and frees the sku.
 *
 * `consumed_at` is when the game took the purchase with consumePurchase: a consumed
 * purchase is never listed to the game again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('exclusive_sku', 'text').execute();
  await db.schema.alterTable('orders').addColumn('consumed_at', 'bigint').execute();
  await db.schema
    .createIndex('orders_exclusive_purchase')
    .on('orders')
    .columns(['account_id', 'game_id', 'exclusive_sku'])
    .unique()
    .where(
      sql.raw<boolean>(
        "exclusive_sku is not null and status in ('Created', 'WaitingForPayment', 'PayedWaitingForSending', 'Completed')",
      ),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_exclusive_purchase').execute();
  await db.schema.alterTable('orders').dropColumn('consumed_at').execute();
  await db.schema.alterTable('orders').dropColumn('exclusive_sku').execute();
}
