import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface QuestRow {
  id: string;
  game: string | null;
  event_game: string;
  event_code: string;
  definition_json: string;
  progress: number | null;
  completed_at: number | null;
}

function questsWithProgress(db: Db, accountId: string) {
  return db
    .selectFrom('cross_play_quests as q')
    .innerJoin('games as eg', 'eg.id', 'q.event_game_id')
    .leftJoin('games as g', 'g.id', 'q.game_id')
    .leftJoin('cross_play_progress as p', (join) =>
      join.onRef('p.quest_id', '=', 'q.id').on('p.account_id', '=', accountId),
    )
    .select([
      'q.id',
      'g.system_name as game',
      'eg.system_name as event_game',
      'q.event_code',
      'q.definition_json',
      'p.progress',
      'p.completed_at',
    ])
    .orderBy('q.sort_order');
}

/** Every quest with the account's progress; `gameId` keeps those offered by or counting events of that game. */
export function listQuests(db: Db, accountId: string, gameId?: string): Promise<QuestRow[]> {
  let query = questsWithProgress(db, accountId);
  if (gameId !== undefined) {
    query = query.where((eb) => eb.or([eb('q.game_id', '=', gameId), eb('q.event_game_id', '=', gameId)]));
  }
  return query.execute();
}

/** The quests that count one event of one game, with the account's progress. */
export function listQuestsForEvent(db: Db, accountId: string, gameId: string, code: string): Promise<QuestRow[]> {
  return questsWithProgress(db, accountId)
    .where('q.event_game_id', '=', gameId)
    .where('q.event_code', '=', code)
    .execute();
}

const big = (value: number) => sql<number>`cast(${value} as bigint)`;

/**
 * Adds to an account's progress in one quest, never past the target, in one
 * statement so that concurrent events all count; the first time the target is
 * reached is kept as the completion time.
 */
export async function addProgress(
  db: Db,
  values: { accountId: string; questId: string; delta: number; target: number; now: number },
): Promise<void> {
  const { accountId, questId, delta, target, now } = values;
  const sum = sql<number>`cross_play_progress.progress + ${big(delta)}`;
  await db
    .insertInto('cross_play_progress')
    .values({
      account_id: accountId,
      quest_id: questId,
      progress: Math.min(delta, target),
      completed_at: delta >= target ? now : null,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'quest_id']).doUpdateSet({
        progress: sql<number>`case when ${sum} > ${big(target)} then ${big(target)} else ${sum} end`,
        completed_at: sql<number | null>`case when cross_play_progress.completed_at is null and ${sum} >= ${big(
          target,
        )} then ${big(now)} else cross_play_progress.completed_at end`,
        updated_at: now,
      }),
    )
    .execute();
}
