/** What players do: document acceptances, support messages, push subscriptions, analytics, friends, cross-play progress. */
export interface PlayersTables {
  document_acceptances: DocumentAcceptancesTable;
  support_messages: SupportMessagesTable;
  push_subscriptions: PushSubscriptionsTable;
  analytics_events: AnalyticsEventsTable;
  friendships: FriendshipsTable;
  friend_statuses: FriendStatusesTable;
  cross_play_progress: CrossPlayProgressTable;
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
