import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** All SQL of wizq_proxy_counters (WizQ's own table in the platforms module). */
type Db = Kysely<Database>;

/**
 * Takes `num` for a viewer's WizQ session if it is above the last one taken (the first request
 * of a session may be 0); false for a replayed or out-of-order request. One conditional write,
 * so that racing repeats of one request take it once.
 */
export async function takeProxyCounter(
  db: Db,
  key: { gameId: string; viewerId: string; session: string },
  num: number,
  now: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('wizq_proxy_counters')
    .values({ game_id: key.gameId, viewer_id: key.viewerId, session: key.session, last_num: num, updated_at: now })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
  const updated = await db
    .updateTable('wizq_proxy_counters')
    .set({ last_num: num, updated_at: now })
    .where('game_id', '=', key.gameId)
    .where('viewer_id', '=', key.viewerId)
    .where('session', '=', key.session)
    .where('last_num', '<', num)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
