import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { OkTransactionsTable } from '../../../db/tables/ok-transactions.js';

/** All SQL of ok_transactions (OK's own table in the platforms module). */
type Db = Kysely<Database>;
export type OkTransactionRow = Selectable<OkTransactionsTable>;

export function findOkTransaction(db: Db, gameId: string, transactionId: string) {
  return db
    .selectFrom('ok_transactions')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/**
 * Binds an OK transaction to a purchase reference unless either is bound already (the
 * UNIQUE indexes decide between racing callbacks); answers the binding that stands for
 * the transaction, which names another reference when the reference was taken first.
 */
export async function bindOkTransaction(db: Db, row: OkTransactionsTable): Promise<OkTransactionRow | undefined> {
  await db
    .insertInto('ok_transactions')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return findOkTransaction(db, row.game_id, row.transaction_id);
}
