import type {
  ConsentStatus,
  Friend,
  FxEvent,
  GameInfo,
  LeaderboardEntry,
  LeaderboardPage,
  Purchase,
  PurchaseResult,
  StatEvent,
  StorageEntry,
  StoreFront,
} from './models.js';

/** How a shown ad ended. A failed ad also dispatches an `ad` event of type `Failed`. */
export interface AdResult {
  outcome: 'Finished' | 'Skipped' | 'Failed';
}

/** Subjects of the portal's report-issue form (spec §5). */
export type SupportSubject =
  | 'bug_report'
  | 'payment_issues'
  | 'account_issues'
  | 'technical_issues'
  | 'gameplay_issues'
  | 'other';

/** A call forwarded to a third-party platform SDK (VK Bridge, CrazyGames SDK). */
export interface VendorCall {
  method: string;
  props?: Record<string, unknown>;
}

type M<P, R> = { params: P; result: R };

/**
 * Every method of the game-to-portal channel (spec §7), by dotted path, with its
 * parameters and result. `void` params mean the call takes none, `| undefined` that they are optional. The portal's handler
 * object has the same shape: `stat.event` is `handlers.stat.event(params)`.
 */
export interface MethodMap {
  getInfo: M<void, GameInfo>;
  'stat.initialize': M<{ appId?: string; userId?: string } | undefined, void>;
  'stat.event': M<StatEvent, void>;
  'ads.isVideoReady': M<void, boolean>;
  'ads.showVideo': M<{ placement?: string } | undefined, AdResult>;
  'ads.isInterstitialReady': M<void, boolean>;
  'ads.showInterstitial': M<{ placement?: string } | undefined, AdResult>;
  'ads.showStickyBanner': M<{ position?: 'top' | 'bottom' } | undefined, void>;
  'ads.hideStickyBanner': M<void, void>;
  buyProduct: M<{ sku: string; developerPayload?: string }, PurchaseResult>;
  'review.canReview': M<void, { canReview: boolean; reason?: string }>;
  'review.request': M<void, { feedbackSent: boolean }>;
  'review.info': M<void, { reviewed: boolean; rating?: number }>;
  storeFront: M<void, StoreFront>;
  /** Paid purchases not consumed yet, oldest first; empty for a guest. */
  getPurchases: M<void, Purchase[]>;
  /** Marks a purchase granted; it is never listed again. A second consume rejects with `purchase_already_consumed`. */
  consumePurchase: M<{ transactionId: string }, { consumed: true }>;
  authenticateUser: M<void, { authenticated: boolean }>;
  changeLanguage: M<{ lang: string }, void>;
  createSupportRequest: M<{ subject?: SupportSubject; message?: string } | undefined, { sent: boolean }>;
  'push.register': M<void, { registered: boolean }>;
  'friends.get': M<void, Friend[]>;
  'friends.invite': M<{ message?: string } | undefined, { invitedIds: string[] }>;
  'friends.joinCommunity': M<void, { joined: boolean }>;
  'friends.addToFavourites': M<void, { added: boolean }>;
  linkShare: M<{ link: string; text?: string }, { shared: boolean }>;
  setStatus: M<{ status: string }, void>;
  'urlHash.get': M<void, string>;
  /** An empty value clears the hash (spec §5). */
  'urlHash.set': M<{ value: string }, void>;
  'clipboard.save': M<{ data: string; showModalOnFail?: boolean }, { savedToClipboard: boolean }>;
  'analytics.dataLayerPush': M<Record<string, unknown>, void>;
  wordsFilter: M<{ text: string }, { text: string; changed: boolean }>;
  consentStatus: M<void, ConsentStatus>;
  loadingReady: M<void, void>;
  gameStarted: M<void, void>;
  gameStopped: M<void, void>;
  documents: M<{ type?: 'tos' | 'pp' } | undefined, { shown: boolean }>;
  'vkBridge.call': M<VendorCall, unknown>;
  'crazyGames.call': M<VendorCall, unknown>;
  fxEvent: M<FxEvent, void>;
  /** The saved values of these keys (all keys without `keys`); absent keys are left out. */
  'storage.get': M<{ keys?: string[] } | undefined, Record<string, StorageEntry>>;
  /**
   * Saves all entries or none. A key named in `versions` is written only if it is still at that
   * version (0: still absent), else the call rejects with `storage_version_conflict`.
   */
  'storage.set': M<
    { entries: Record<string, unknown>; versions?: Record<string, number> },
    { versions: Record<string, number> }
  >;
  'storage.delete': M<{ keys: string[] }, { deleted: string[] }>;
  /** Records a score; the board keeps each player's best. */
  'leaderboard.submit': M<
    { name: string; score: number; extra?: string },
    { improved: boolean; entry: LeaderboardEntry }
  >;
  'leaderboard.top': M<{ name: string; limit?: number; around?: 'player' }, LeaderboardPage>;
  'leaderboard.player': M<{ name: string }, LeaderboardEntry | null>;
  /** Opens the portal's leaderboard window over the game; resolves when the player closes it. */
  'leaderboard.show': M<{ name: string }, { shown: boolean }>;
}

export type MethodName = keyof MethodMap;
export type MethodParams<K extends MethodName> = MethodMap[K]['params'];
export type MethodResult<K extends MethodName> = MethodMap[K]['result'];

/**
 * Methods that wait for the player (dialogs, ads, payments): no request timeout by default,
 * since a payment may legitimately take minutes (spec §9: payment poll up to 180 s).
 */
export const INTERACTIVE_METHODS: readonly MethodName[] = [
  'ads.showVideo',
  'ads.showInterstitial',
  'buyProduct',
  'review.request',
  'authenticateUser',
  'createSupportRequest',
  'push.register',
  'friends.invite',
  'friends.joinCommunity',
  'friends.addToFavourites',
  'linkShare',
  'clipboard.save',
  'documents',
  'vkBridge.call',
  'crazyGames.call',
  'leaderboard.show',
];
