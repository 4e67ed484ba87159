import type { Kysely, Selectable } from 'kysely';
import type { Database, SteamTransactionsTable } from '../../../db/schema.js';

/** All SQL of steam_transactions and steam_spent_tickets (this folder's tables). */
export type Db = Kysely<Database>;
export type SteamTransactionRow = Selectable<SteamTransactionsTable>;

export async function insertTransaction(db: Db, row: SteamTransactionsTable): Promise<void> {
  await db.insertInto('steam_transactions').values(row).execute();
}

export function findTransaction(db: Db, orderId: string): Promise<SteamTransactionRow | undefined> {
  return db.selectFrom('steam_transactions').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The player's transactions in a game still open (waiting for the overlay or FinalizeTxn), oldest first. */
export function findOpenTransactions(db: Db, accountId: string, gameId: string): Promise<SteamTransactionRow[]> {
  return db
    .selectFrom('steam_transactions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('game_id', '=', gameId)
    .where('status', '=', 'Open')
    .orderBy('created_at')
    .limit(20)
    .execute();
}

/** Moves a transaction on from `from`; false when another call moved it first. */
export async function moveTransaction(db: Db, orderId: string, from: string, to: string, now: number) {
  const result = await db
    .updateTable('steam_transactions')
    .set({ status: to, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks a ticket spent; false when it already was. One statement, so two sign-ins with one
 * ticket at once cannot both pass.
 */
export async function spendTicket(db: Db, ticketHash: string, now: number): Promise<boolean> {
  const inserted = await db
    .insertInto('steam_spent_tickets')
    .values({ ticket_hash: ticketHash, created_at: now })
    .onConflict((conflict) => conflict.column('ticket_hash').doNothing())
    .returning('ticket_hash')
    .executeTakeFirst();
  return inserted !== undefined;
}
