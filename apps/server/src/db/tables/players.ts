/**
 * What players do: document acceptances, support messages, push subscriptions, analytics, friends,
 * cross-play progress, cloud saves and leaderboard scores.
 */
export interface PlayersTables {
  document_acceptances: DocumentAcceptancesTable;
  support_messages: SupportMessagesTable;
  push_subscriptions: PushSubscriptionsTable;
  analytics_events: AnalyticsEventsTable;
  friendships: FriendshipsTable;
  friend_statuses: FriendStatusesTable;
  cross_play_progress: CrossPlayProgressTable;
  storage_items: StorageItemsTable;
  storage_usage: StorageUsageTable;
  leaderboard_scores: LeaderboardScoresTable;
  leaderboard_score_counts: LeaderboardScoreCountsTable;
}

/** An account's acceptance of one legal document version; UNIQUE (account_id, document_version_id). */
export interface DocumentAcceptancesTable {
  id: string;
  account_id: string;
  document_id: number;
  document_version_id: number;
  accepted_at: number;
}

/** A message to support as the player sent it; `sent_to` is the address it was mailed to. */
export interface SupportMessagesTable {
  id: string;
  account_id: string;
  game_id: string | null;
  email: string;
  sender_name: string;
  subject: string;
  body: string;
  device_uid: string | null;
  sent_to: string;
  created_at: number;
}

/** A browser's Web Push subscription; the endpoint was checked to be a public https URL when saved. */
export interface PushSubscriptionsTable {
  id: string;
  account_id: string;
  game_id: string;
  platform: string;
  endpoint: string;
  /** The subscription's keys, base64url as the browser gave them. */
  p256dh: string;
  auth: string;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

type Digits10 = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
type Digits15 = Digits10 | 11 | 12 | 13 | 14 | 15;

/** One tracked analytics event with its slots (I1–I10, F1–F10, S1–S15, J1–J4 as text). */
export type AnalyticsEventsTable = {
  id: string;
  session_id: string;
  /** The signed-in account, if the call carried a valid bearer token. */
  account_id: string | null;
  platform: number;
  build_id: string;
  event_id: number;
  /** The client's time; `server_created_at` is ours. */
  created_at: number;
  server_created_at: number;
} & { [K in `i${Digits10}`]: number | null } & { [K in `f${Digits10}`]: number | null } & {
  [K in `s${Digits15}`]: string | null;
} & { [K in `j${1 | 2 | 3 | 4}`]: string | null };

/** One direction of a friendship; every friendship is stored both ways. */
export interface FriendshipsTable {
  account_id: string;
  friend_account_id: string;
  created_at: number;
}

/** A player's latest status update in one game; friends see it for a year. */
export interface FriendStatusesTable {
  account_id: string;
  game_id: string;
  name: string;
  status: string;
  priority: number;
  updated_at: number;
}

/** An account's progress in one quest; never above the quest's target. */
export interface CrossPlayProgressTable {
  account_id: string;
  quest_id: string;
  progress: number;
  completed_at: number | null;
  updated_at: number;
}

/** One cloud-saved value of a player in a game. */
export interface StorageItemsTable {
  account_id: string;
  game_id: string;
  key: string;
  value_json: string;
  /** 1 when first written, one more with each write. */
  version: number;
  /** The key and value as UTF-8 JSON, counted against the per-game total. */
  bytes: number;
  updated_at: number;
}

/** The bytes a player's values in one game take; writes lock this row first. */
export interface StorageUsageTable {
  account_id: string;
  game_id: string;
  bytes: number;
  updated_at: number;
}

/** A player's best score on one board in one period (0: a board that never resets). */
export interface LeaderboardScoresTable {
  game_id: string;
  board: string;
  /** Epoch ms of the UTC start of the day or week; 0 for a board without resets. */
  period_start: number;
  account_id: string;
  score: number;
  /** The score turned so that lower is better (-score where higher wins): what the rank index orders by. */
  rank_score: number;
  /** What the game sent with the score (at most 256 characters), shown as is. */
  extra: string | null;
  /** When this best score was reached; an earlier one ranks first among equal scores. */
  updated_at: number;
}

/**
 * How many of a period's scores fall in one rank-score bucket at one level
 * (bucket = floor(rank_score / 64^level)); kept with every submit, summed for ranks.
 */
export interface LeaderboardScoreCountsTable {
  game_id: string;
  board: string;
  period_start: number;
  level: number;
  bucket: number;
  count: number;
}
