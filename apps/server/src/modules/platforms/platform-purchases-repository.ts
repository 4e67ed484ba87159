import type { Kysely, Selectable } from 'kysely';
import type { Database, PlatformPurchasesTable } from '../../db/schema.js';

/** All SQL of platform_purchases (the platforms module's table). */
export type Db = Kysely<Database>;
export type PlatformPurchaseRow = Selectable<PlatformPurchasesTable>;

export interface PlatformOrderKey {
  platform: string;
  gameId: string;
  externalOrderId: string;
  test: boolean;
}

export function findPlatformPurchase(db: Db, key: PlatformOrderKey): Promise<PlatformPurchaseRow | undefined> {
  return db
    .selectFrom('platform_purchases')
    .selectAll()
    .where('platform', '=', key.platform)
    .where('game_id', '=', key.gameId)
    .where('external_order_id', '=', key.externalOrderId)
    .where('test', '=', key.test ? 1 : 0)
    .executeTakeFirst();
}

export async function insertPlatformPurchase(trx: Db, row: PlatformPurchasesTable): Promise<void> {
  await trx.insertInto('platform_purchases').values(row).execute();
}

/** The records of a platform order id taken for this account in a game, real before test. */
export function findPlatformPurchasesOfAccount(
  db: Db,
  key: Omit<PlatformOrderKey, 'test'>,
  accountId: string,
): Promise<PlatformPurchaseRow[]> {
  return db
    .selectFrom('platform_purchases')
    .selectAll()
    .where('platform', '=', key.platform)
    .where('game_id', '=', key.gameId)
    .where('external_order_id', '=', key.externalOrderId)
    .where('account_id', '=', accountId)
    .orderBy('test')
    .execute();
}
