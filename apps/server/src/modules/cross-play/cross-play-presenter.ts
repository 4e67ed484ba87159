import type { CrossPlayQuest, CrossPlayRule } from '@fxid/contract';
import type { CatalogQuest, GameDefinition } from '../catalog/catalog-schema.js';
import type { QuestRow } from './cross-play-repository.js';

/** What a quest row keeps in definition_json (see catalog import). */
export type QuestDefinition = Omit<CatalogQuest, 'Id' | 'Game' | 'Event'>;

export function presentRules(definition: GameDefinition): CrossPlayRule[] {
  // Games imported before cross-play existed have no CrossPlayEvents.
  return (definition.CrossPlayEvents ?? []).map(({ Code, Filter1, Filter2, Filter3 }) => ({
    Code,
    Filter1,
    Filter2,
    Filter3,
  }));
}

function localized(texts: Record<string, string>, locale: string | undefined): string {
  return (locale && texts[locale]) ?? texts.en ?? Object.values(texts)[0] ?? '';
}

export function presentQuest(row: QuestRow, locale: string | undefined): CrossPlayQuest {
  const definition = JSON.parse(row.definition_json) as QuestDefinition;
  return {
    Id: row.id,
    Game: row.game,
    Name: localized(definition.Names, locale),
    Description: localized(definition.Descriptions, locale),
    EventGame: row.event_game,
    EventCode: row.event_code,
    Counting: definition.Counting,
    Target: definition.Target,
    Progress: row.progress ?? 0,
    Completed: row.completed_at !== null,
    CompletedAt: row.completed_at,
    StartsAt: definition.StartsAt ?? null,
    EndsAt: definition.EndsAt ?? null,
    Reward: definition.Reward ?? null,
  };
}

/** Open now: started (or no start) and not ended (or no end). */
export function isOpen(window: { StartsAt?: number | null; EndsAt?: number | null }, now: number): boolean {
  return (window.StartsAt ?? -Infinity) <= now && now < (window.EndsAt ?? Infinity);
}
