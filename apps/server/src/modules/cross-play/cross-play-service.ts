import type { CrossPlayEventSendRequest, CrossPlayQuest, CrossPlayRule } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { matchesRule } from './cross-play-filter.js';
import { isOpen, presentQuest, presentRules, type QuestDefinition } from './cross-play-presenter.js';
import * as repo from './cross-play-repository.js';

async function requireGame(ctx: AppContext, name: string): Promise<GameRecord> {
  const game = await ctx.catalog.find(name);
  if (!game) throw new GameNotFoundError(name);
  return game;
}

/** The events of a game that count for cross-play; the portal sends only events matching one. */
export async function getRules(ctx: AppContext, gameName: string): Promise<{ Rules: CrossPlayRule[] }> {
  return { Rules: presentRules((await requireGame(ctx, gameName)).definition) };
}

/** Quests open now, and those the player completed, with the player's progress. */
export async function getMyQuests(
  ctx: AppContext,
  accountId: string,
  query: { Locale?: string | undefined; Game?: string | undefined },
): Promise<{ Quests: CrossPlayQuest[] }> {
  const game = query.Game === undefined ? undefined : await requireGame(ctx, query.Game);
  const now = ctx.now();
  const rows = await repo.listQuests(ctx.db, accountId, game?.id);
  const quests = rows
    .map((row) => presentQuest(row, query.Locale))
    .filter((quest) => quest.Completed || isOpen(quest, now));
  return { Quests: quests };
}

/**
 * Counts an in-game event: it must match a rule of its game (checked here again,
 * whatever the portal did), then moves on every open quest that counts it.
 */
export async function sendEvent(
  ctx: AppContext,
  accountId: string,
  event: CrossPlayEventSendRequest,
): Promise<{ Success: true; Accepted: boolean; Quests: CrossPlayQuest[] }> {
  const game = await requireGame(ctx, event.GameSystemName);
  const params: [string?, string?, string?] = [event.P1, event.P2, event.P3];
  const accepted = presentRules(game.definition).some(
    (rule) => rule.Code === event.EventCode && matchesRule(rule, params),
  );
  if (!accepted) return { Success: true, Accepted: false, Quests: [] };

  const now = ctx.now();
  const quests = (await repo.listQuestsForEvent(ctx.db, accountId, game.id, event.EventCode)).filter((row) =>
    isOpen(JSON.parse(row.definition_json) as QuestDefinition, now),
  );
  const moved: string[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    for (const quest of quests) {
      const definition = JSON.parse(quest.definition_json) as QuestDefinition;
      const delta = definition.Counting === 'Value' ? event.Value : 1;
      if (delta <= 0 || quest.completed_at !== null) continue;
      await repo.addProgress(trx, { accountId, questId: quest.id, delta, target: definition.Target, now });
      moved.push(quest.id);
    }
  });
  if (moved.length === 0) return { Success: true, Accepted: true, Quests: [] };
  const updated = await repo.listQuestsForEvent(ctx.db, accountId, game.id, event.EventCode);
  return {
    Success: true,
    Accepted: true,
    Quests: updated.filter((row) => moved.includes(row.id)).map((row) => presentQuest(row, undefined)),
  };
}
