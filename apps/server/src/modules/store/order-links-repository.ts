import type { Selectable } from 'kysely';
import type { OrderLinksTable } from '../../db/schema.js';
import { inspectToken, spendToken } from '../../db/single-use-tokens.js';
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

/** A link by token hash with its state (live, used, expired, unknown), spending nothing. */
export function inspectLink(db: Db, tokenHash: string, now: number) {
  return inspectToken(db, 'order_links', tokenHash, now);
}

/** Spends a single-use link of the given purpose once; any failure means another request (or time) beat it. */
export async function spendLink(trx: Db, tokenHash: string, purpose: OrderLinkPurpose, now: number): Promise<boolean> {
  return (await spendToken(trx, 'order_links', tokenHash, now, (eb) => eb('purpose', '=', purpose))).spent;
}
