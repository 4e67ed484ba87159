import type { Friend } from '@fxid/contract';
import type { FriendRow } from './friends-repository.js';

/**
 * One entry per friend: their status in `gameId` when they have one, their latest
 * anywhere otherwise, or just the friendship. Only entries updated since `since`
 * are kept (spec §9), most recent first.
 */
export function presentFriends(rows: FriendRow[], gameId: string | undefined, since: number): Friend[] {
  const chosen = new Map<string, FriendRow>();
  for (const row of rows) {
    const current = chosen.get(row.friend_account_id);
    if (!current || rank(row, gameId) > rank(current, gameId)) chosen.set(row.friend_account_id, row);
  }
  return [...chosen.values()]
    .map((row) => presentFriend(row, gameId))
    .filter((friend) => friend.LastUpdatedAt >= since)
    .sort((a, b) => b.LastUpdatedAt - a.LastUpdatedAt || a.FriendAccountId.localeCompare(b.FriendAccountId));
}

/** Status in this game beats any other status, which beats none; later beats earlier. */
function rank(row: FriendRow, gameId: string | undefined): number {
  if (row.updated_at === null) return 0;
  return (row.game_id === gameId ? 2e15 : 1e15) + row.updated_at;
}

function presentFriend(row: FriendRow, gameId: string | undefined): Friend {
  const hasStatus = row.updated_at !== null;
  return {
    FriendAccountId: row.friend_account_id,
    GameId: row.game_id,
    Game: row.game,
    InThisGame: hasStatus && gameId !== undefined && row.game_id === gameId,
    LastUpdatedAt: hasStatus ? (row.updated_at ?? 0) : row.befriended_at,
    Name: row.name ?? row.account_name,
    Status: row.status,
    Priority: row.priority ?? 0,
  };
}
