/** Publishing platforms, by name as they travel in JSON (spec §1, platform enum). */
export type Platform =
  | 'Unspecified'
  | 'FxId'
  | 'VkontaktePlay'
  | 'Odnoklassniki'
  | 'VkontakteCom'
  | 'YandexGames'
  | 'AbsoluteGames'
  | 'Kongregate'
  | 'FacebookGames'
  | 'CrazyGames'
  | 'WizQ'
  | 'Telegram'
  | 'FxLauncher'
  | 'FxNative'
  | 'Steam'
  | 'FacebookInstantGames';

/** What the platform lets the game do (spec §3, Capabilities). */
export type Capability =
  | 'FriendsList'
  | 'FriendsInvite'
  | 'OutgoingLinksForbidden'
  | 'AdsAvailable'
  | 'RateApplication'
  | 'GamesOfChanceDisabled'
  | 'LegalDialogsDisabled'
  | 'SupportDialogsDisabled'
  | 'ExternalIncentivesDisabled';

export type Gender = 'unspecified' | 'male' | 'female';

/** A picture with its size in pixels. */
export interface Photo {
  url: string;
  width: number;
  height: number;
}

/** The player as the host platform knows them (spec §3, "Social info"). */
export interface SocialInfo {
  social: Platform;
  paymentsAvailable: boolean;
  /** Platform user id; null for an anonymous visitor. */
  userId: string | null;
  displayName: string;
  firstName: string;
  lastName: string;
  photo: Photo | null;
  gender: Gender;
  capabilities: Capability[];
  /** Locale reported by the platform, e.g. `ru`. */
  socialLocale: string;
  /** Platform sub-variant (e.g. mobile app vs web), free text; null when none. */
  socialFlavor: string | null;
  /** Present on VK only. */
  vkcom?: { appId: string; defaultApiVersion: string; defaultAccessToken: string };
}

/** The player's fxid account (spec §3, "Game info", fxId block). */
export interface FxIdInfo {
  /** fxid account id; null for a guest. */
  userId: string | null;
  marketingEnabled: boolean;
  locale: string;
  /** ISO 3166-1 alpha-2 country guessed from the IP, when known. */
  geoCountry: string | null;
  /** Portal bearer token for the game's own API calls; null for a guest. */
  token: string | null;
  /** Signed game token (ES256 JWT) the game server verifies; null for a guest. */
  gameToken: string | null;
  /** The player's stable id within this game. */
  gameUid: string | null;
  guest: boolean;
  hasEmail: boolean;
  emailValidated: boolean;
  hasCompletedOrder: boolean;
}

/** Screen insets (notches, platform bars) in CSS pixels. */
export interface SafeArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Where the game runs (spec §3, "Game info", environment block). */
export interface Environment {
  /** e.g. `windows`, `macos`, `linux`, `android`, `ios`, `other`. */
  os: string;
  isMobile: boolean;
  safeArea: SafeArea;
  supportedLocales: string[];
  defaultLocale: string;
}

/** Everything the game learns at start (spec §3, "Game info given to the game"). */
export interface GameInfo {
  /** The game's system name, e.g. `sky-runner`. */
  game: string;
  /** Version of the SDK the portal speaks. */
  sdk: { major: number; minor: number; build: number };
  environment: Environment;
  fxId: FxIdInfo;
  social: SocialInfo;
}

/** A friend on the host platform (spec §3, Friend). */
export interface Friend {
  uid: string;
  firstName: string;
  lastName: string;
  displayName: string;
  gender: Gender;
  photo: Photo | null;
}

/** What a finished purchase reports (spec §3, "Purchase result returned to the game"). */
export interface PurchaseResult {
  transactionId: string;
  stats: {
    /** ISO 4217 code of what the player paid in. */
    currency: string;
    /** Amount paid, in major units (1.99). */
    currencyAmount: number;
    /** The same in US dollars; absent where the platform does not report it (Absolute Games). */
    usdAmount?: number;
  };
}

/**
 * A paid purchase the game has not consumed yet (`getPurchases`): the purchase result plus
 * what to grant. Grant it, then `consumePurchase(transactionId)`; a consumed purchase never
 * comes back. Keep a one-time product (NonConsumable) unconsumed to read it as owned.
 */
export interface Purchase extends PurchaseResult {
  /** The product bought. */
  sku: string;
  /** `Consumable`, `NonConsumable` or `Subscription`. */
  productType: string;
  /** Everything to grant: the product bought first, then any products it bundles. */
  products: { sku: string; quantity: number; payload?: string }[];
  developerPayload?: string;
  /** ISO 8601 time of the order. */
  purchasedAt: string;
}

/** A product's price as the player sees it (spec §3, "Store front"). */
export interface ProductPrice {
  /** Ready-to-show text, e.g. `$0.99` or `99 ₽`. */
  localizedPrice: string;
  /** Amount in major units. */
  price: number;
  priceBeforeDiscount?: number;
  /** Discount in percent, 0–100. */
  discount?: number;
  currencySymbol: string;
  currencyIso: string;
}

/** One product of the game's store front. */
export interface StoreProduct {
  sku: string;
  name: string;
  description: string;
  payload?: string;
  quantity?: number;
  imageUrl?: string;
  iconUrl?: string;
  price: ProductPrice;
  /** The price in the game's default currency, for analytics. */
  defaultCurrencyPrice?: ProductPrice;
  /** A one-time product the player already owns: show it as owned, not for sale. */
  owned?: boolean;
}

/** The game's products for this player and platform. */
export interface StoreFront {
  products: StoreProduct[];
}

/** The player's privacy choices as the platform or consent banner reports them. */
export interface ConsentStatus {
  /** Whether a consent law (GDPR, …) applies to this player. */
  applies: boolean;
  analytics: boolean;
  advertising: boolean;
}

/** A statistics event (spec §3, "Stat event"). */
export interface StatEvent {
  section: string;
  type: string;
  name: string;
  value?: number;
}

/** An in-game event for cross-play rules (spec §3, "In-game event"). */
export interface FxEvent {
  eventCode: string;
  value?: number;
  p1?: string;
  p2?: string;
  p3?: string;
}

/** A cloud-saved value with its version (1 when first written, one more with each write). */
export interface StorageEntry {
  value: unknown;
  version: number;
  /** Epoch ms of the last write. */
  updatedAt: number;
}

/** `data` of a `storage_version_conflict`: each key whose version did not match, as it is now (absent: value null, version 0). */
export interface StorageConflict {
  current: Record<string, StorageEntry>;
}

/** A leaderboard as the catalog defines it, and its current period. */
export interface LeaderboardInfo {
  name: string;
  /** In the player's language. */
  title: string;
  /** `desc`: higher scores rank first; `asc`: lower ones (times). */
  sortOrder: 'asc' | 'desc';
  /** `number`: the score shown with `decimals` places (1234 with 2 is 12.34); `time`: milliseconds. */
  format: 'number' | 'time';
  decimals: number;
  resetPeriod: 'none' | 'daily' | 'weekly';
  /** Epoch ms of the current period's start (UTC); 0 for a board that never resets. */
  periodStart: number;
  /** Epoch ms when the next period starts; null for a board that never resets. */
  periodEnd: number | null;
  minScore: number;
  maxScore: number;
}

/** One row of a leaderboard. */
export interface LeaderboardEntry {
  rank: number;
  score: number;
  /** The score as the catalog's format shows it, e.g. `12.34` or `1:02.50`. */
  formattedScore: string;
  name: string;
  avatarUrl: string | null;
  extra?: string;
  /** True on the signed-in player's own row. */
  isPlayer: boolean;
}

/** Rows of a leaderboard and the player's own (null for a guest or a player without a score). */
export interface LeaderboardPage {
  leaderboard: LeaderboardInfo;
  entries: LeaderboardEntry[];
  player: LeaderboardEntry | null;
}
