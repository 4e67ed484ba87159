import type { Selectable } from 'kysely';
import type { OrderLinksTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { Db } from './orders-repository.js';

/** All SQL of order links (capabilities for pages without a session). */
export type OrderLinkRow = Selectable<OrderLinksTable>;
export type OrderLinkPurpose = OrderLinksTable['purpose'];

export async function insertOrderLink(trx: Db, row: Omit<OrderLinksTable, 'id' | 'consumed_at'>): Promise<void> {
  await trx
    .insertInto('order_links')
    .values({ id: newId(), consumed_at: null, ...row })
    .execute();
}

/** A live link of the given purpose: unexpired and, for single-use ones, not yet consumed. */
export function findLiveLink(
  db: Db,
  tokenHash: string,
  purpose: OrderLinkPurpose,
  now: number,
): Promise<OrderLinkRow | undefined> {
  return db
    .selectFrom('order_links')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Any link with this hash, live or not, to tell "expired" from "never existed or used". */
export function findLink(db: Db, tokenHash: string): Promise<OrderLinkRow | undefined> {
  return db.selectFrom('order_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Consumes a single-use link; false when another request consumed it first. */
export async function consumeLink(trx: Db, id: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('order_links')
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
