import type { Kysely } from 'kysely';
import type { Database, PushSubscriptionsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/**
 * Saves a subscription. An endpoint saved before moves to this account and game only
 * when the caller proves it holds the subscription (the same keys) or already owns it;
 * otherwise nothing changes and this answers false.
 */
export async function upsertSubscription(
  db: Kysely<Database>,
  values: Omit<PushSubscriptionsTable, 'id' | 'created_at' | 'updated_at'>,
  now: number,
): Promise<boolean> {
  const saved = await db
    .insertInto('push_subscriptions')
    .values({ id: newId(), ...values, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({
          account_id: values.account_id,
          game_id: values.game_id,
          platform: values.platform,
          p256dh: values.p256dh,
          auth: values.auth,
          expires_at: values.expires_at,
          updated_at: now,
        })
        .where((eb) =>
          eb.or([
            eb('push_subscriptions.account_id', '=', values.account_id),
            eb.and([
              eb('push_subscriptions.p256dh', '=', values.p256dh),
              eb('push_subscriptions.auth', '=', values.auth),
            ]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return saved !== undefined;
}

/** The subscriptions of one game, optionally of one account only. */
export async function listSubscriptions(
  db: Kysely<Database>,
  gameId: string,
  accountId?: string,
): Promise<PushSubscriptionsTable[]> {
  let query = db.selectFrom('push_subscriptions').selectAll().where('game_id', '=', gameId);
  if (accountId !== undefined) query = query.where('account_id', '=', accountId);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** Forgets a subscription the push service says is gone. */
export async function deleteSubscription(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
