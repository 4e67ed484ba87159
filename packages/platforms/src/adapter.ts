/** The adapter names of spec store §1, each serving one platform of the enum: the contract's table. */
import type { NativeInAppValidateRequest } from '@fxid/contract';
import type { AdapterName } from '@fxid/contract/adapters';
import type {
  AdResult,
  Capability,
  Friend,
  Gender,
  LeaderboardEntry,
  LeaderboardInfo,
  LeaderboardPage,
  Photo,
  Platform,
  PurchaseResult,
  SocialInfo,
  StorageEntry,
  VendorCall,
} from '@fxid/sdk/host';

export { ADAPTER_PLATFORM as ADAPTER_PLATFORMS, type AdapterName } from '@fxid/contract/adapters';

/**
 * Capabilities that say what the adapter can do; the catalog may grant them, but the
 * game is told one only when the active adapter implements it. The others
 * (OutgoingLinksForbidden, GamesOfChanceDisabled, …) are the platform's rules and
 * pass from the catalog unchanged.
 */
export const ABILITY_CAPABILITIES: readonly Capability[] = [
  'FriendsList',
  'FriendsInvite',
  'AdsAvailable',
  'RateApplication',
];

/** The player as the host platform knows them: SocialInfo without what the portal decides. */
export type SocialProfile = Omit<SocialInfo, 'social' | 'paymentsAvailable' | 'capabilities'>;

/**
 * What POST /auth/authenticate_from_social needs from the platform besides Game,
 * Locale and SessionId: `Social` and the platform's login block, e.g.
 * `{ Social: 'VkontakteCom', VkontakteComLogin: { QueryString } }`.
 */
export type SocialSignIn = { Social: Platform } & Record<string, unknown>;

/**
 * What a purchase leaves for the portal to make sure of on the server; the client
 * never decides that something was paid (ARCHITECTURE §5).
 */
export type PlatformPurchase =
  /** The portal's own checkout ran, and the server already confirmed the order. */
  | { kind: 'completed'; result: PurchaseResult }
  /**
   * The platform charged the player and tells our server through its signed callback
   * (VK's order_status_change); the portal then finds that paid order.
   */
  | {
      kind: 'platform-order';
      sku: string;
      externalOrderId: string;
      /** The game's result leaves out usdAmount (spec store §3: Absolute Games). */
      omitUsdAmount?: boolean;
    };

/**
 * A platform's signed purchase data for our server to check (ARCHITECTURE §5: the
 * client never decides that something was paid). Yandex Games: the `signature` of
 * payments.purchase() (one purchase) or payments.getPurchases() (a list).
 */
export type SignedPurchaseProof =
  | { platform: 'YandexGames'; signedData: string; fromPurchaseList: boolean }
  /** Kongregate: the player's game auth token; our server reads and uses their items at Kongregate. */
  | { platform: 'Kongregate'; gameAuthToken: string }
  /** Facebook Instant Games: one Purchase's `signedRequest` (purchaseAsync() or getPurchasesAsync()). */
  | { platform: 'FacebookInstantGames'; signedData: string }
  /** Steam: a microtransaction our server opened (its orderid), or none to settle every open one of the player. */
  | { platform: 'Steam'; orderId?: string }
  /** FxNative: what the device's store gave the native app for one purchase. */
  | { platform: 'FxNative'; receipt: NativeInAppValidateRequest };

/** Our server's answer for one purchase token of a SignedPurchaseProof. */
export interface PurchaseVerdict {
  token: string;
  /** The purchase is ours and its order is paid (now, or by an earlier check): consume it on the platform. */
  success: boolean;
  sku: string | null;
  transactionId: string | null;
  /** Why not: platform_product_unknown, platform_price_mismatch, platform_purchase_taken, … */
  errorCode: string | null;
  /** The platform's id of the order, where it is not the token (Facebook's payment id). */
  externalOrderId?: string;
}

/** Ad settings of the game on its platforms (PublicWebClientConfig.Advertisement, from the catalog). */
export interface AdvertisementSettings {
  Yandex?: { DesktopBlockId?: string; MobileBlockId?: string };
  FacebookInstant?: { InterstitialPlacementId?: string; RewardedPlacementId?: string; BannerPlacementId?: string };
}

/** Events the host platform raises about the game's page. */
export type HostEvent =
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'focus'; focused: boolean }
  /**
   * The platform's signed-in player changed while the page runs (CrazyGames' auth listener,
   * spec store §4): the new player's sign-in payload, or null when nobody is signed in there now.
   */
  | { type: 'player-changed'; signIn: SocialSignIn | null };

/** A host platform's proof of the buyer sent with the web checkout (spec store §3: `CrazyGames {AccessToken}`). */
export interface CheckoutPlatformBlock {
  CrazyGames?: { AccessToken: string };
}

/** Ads as the platform shows them; the portal turns outcomes into the spec's ad events. */
export interface PlatformAds {
  isVideoReady(): Promise<boolean>;
  /** Resolves with how the ad ended; rejects only for an SdkError the game should see (e.g. `not_available`). */
  showVideo(): Promise<AdResult>;
  isInterstitialReady(): Promise<boolean>;
  showInterstitial(): Promise<AdResult>;
  showBanner(position: 'top' | 'bottom'): Promise<void>;
  hideBanner(): Promise<void>;
}

export interface PlatformReview {
  canReview(): Promise<{ canReview: boolean; reason?: string }>;
  request(): Promise<{ feedbackSent: boolean }>;
  info(): Promise<{ reviewed: boolean; rating?: number }>;
}

/**
 * A player's saved values in this game, where a host platform keeps them (VK storage, Yandex
 * player data, …). Arguments arrive checked; the SDK's semantics hold: versions per key, a
 * write with a stale version rejects with `storage_version_conflict` (data `{ current }`).
 * The portal's own implementation (fxid's server, or the browser for a guest) has this shape too.
 */
export interface PlatformStorage {
  get(keys?: string[]): Promise<Record<string, StorageEntry>>;
  set(
    entries: Record<string, unknown>,
    versions?: Record<string, number>,
  ): Promise<{ versions: Record<string, number> }>;
  delete(keys: string[]): Promise<{ deleted: string[] }>;
}

/** Leaderboards as the SDK answers them: fxid's server's (the portal's implementation). */
export interface PlatformLeaderboards {
  submit(name: string, score: number, extra?: string): Promise<{ improved: boolean; entry: LeaderboardEntry }>;
  top(name: string, options: { limit: number; around?: 'player' }): Promise<LeaderboardPage>;
  player(name: string): Promise<LeaderboardEntry | null>;
}

/**
 * A host platform's own leaderboards (Yandex's), used for the boards whose catalog `HostPlatforms`
 * name the platform. Each call gets the board as the catalog defines it (format, sort order, range;
 * the host's board of the same name holds the scores). Arguments arrive checked, the score within
 * the catalog's range; a guest the host does not let submit gets `guest`.
 */
export interface HostLeaderboards {
  submit(
    board: LeaderboardInfo,
    score: number,
    extra?: string,
  ): Promise<{ improved: boolean; entry: LeaderboardEntry }>;
  top(board: LeaderboardInfo, options: { limit: number; around?: 'player' }): Promise<LeaderboardPage>;
  player(board: LeaderboardInfo): Promise<LeaderboardEntry | null>;
}

/**
 * The portal's own features an adapter may lean on: the own site's adapter is made
 * of them; a host platform's adapter uses none or few. No React here: the player
 * page supplies them.
 */
export interface PortalFeatures {
  /** True when the portal has a signed-in player. */
  isSignedIn(): boolean;
  /** Opens the portal's login modal; true when the player signed in. */
  signIn(): Promise<boolean>;
  /**
   * The portal's web checkout (sign-in, payment, status poll); rejects with a coded SdkError.
   * A host platform that sells through it adds its proof of the buyer (`platformBlock`).
   */
  checkout(sku: string, developerPayload?: string, platformBlock?: CheckoutPlatformBlock): Promise<PurchaseResult>;
  /** The signed-in player's portal friends in this game. */
  friends(): Promise<Friend[]>;
  /** The player's invite link to this game, in the portal's link share modal. */
  inviteLink(): Promise<void>;
  /** The portal's link share modal (QR code and copyable link). */
  shareLink(link: string, text?: string): void;
  /** The game's ad settings on its platforms, as the public game config gives them. */
  advertisement(): AdvertisementSettings;
  /**
   * Asks our server to open the host platform's own payment of a product (POST
   * /platforms/payment), for platforms whose payment our server starts (Telegram's Stars
   * invoice link); rejects with a coded SdkError. `currency` is the player's currency where the
   * platform names one (VK Play's launch parameter).
   */
  platformPayment(
    sku: string,
    developerPayload?: string,
    blocks?: PlatformPaymentBlocks,
  ): Promise<PlatformPaymentStart>;
}

/** A platform's own block of the payment creation request (spec store §3), passed through to our server. */
export interface PlatformPaymentBlocks {
  /** VK Play: the player's currency, the launch's `currency` query parameter (spec store §5). */
  Currency?: string;
  /** The game iframe's signed parameters on Absolute Games. */
  AbsoluteGames?: {
    AppId: string;
    AuthKey: string;
    Debug: string;
    GameSid: string;
    PlayerId: string;
    Guest: string;
    Invite: string;
  };
}

/** What our server answers when it opens a platform's payment (spec store §3, Telegram block). */
export interface PlatformPaymentStart {
  /** Our id of the payment; the portal finds the paid order by it. */
  OrderId: string;
  Telegram?: { InvoiceUrl: string } | undefined;
  /** FAPI.UI.showPayment's arguments (spec store §3, Odnoklassniki block). */
  Odnoklassniki?:
    | { Name: string; Description: string; Code: string; Price: number; ExtraAttributes: string }
    | undefined;
  /** paymentFrame's merchant_param (spec store §3, VK Play block). */
  VkontaktePlay?:
    | {
        MerchantParam: { amount: number; currency: string; description: string; item_id: string; order_id: string };
      }
    | undefined;
  /** The FB.ui pay dialog's arguments (spec store §3, FacebookGames block). */
  FacebookGames?: { ProductOgUrl: string; RequestId: string } | undefined;
  /** purchaseAsync's arguments (spec store §3, FacebookInstantGames block). */
  FacebookInstantGames?: { StoreSpecificOrderProductSku: string; DeveloperPayload: string } | undefined;
  /** The payment token for the Absolute Games host's ShowPayment (spec store §3, AbsoluteGames block). */
  AbsoluteGames?: { Token: string } | undefined;
  /** The order handle for WizQ's payment window (spec store §3, WizQ block). */
  WizQ?: { SecuredOrderId: string } | undefined;
  /** The Steam microtransaction InitTxn opened for the overlay. */
  Steam?: { OrderId: string; TransId: string } | undefined;
}

/** What the portal lends an adapter when it makes one. */
export interface AdapterContext {
  game: string;
  /** The portal page's query string as the host launched it (`window.location.search`). */
  launchQuery: string;
  /** The portal page's hash as the host launched it (`window.location.hash`; Telegram's tgWebAppData). */
  launchHash?: string;
  /** The portal's language, for platforms that do not report one. */
  locale(): string;
  portal: PortalFeatures;
  /**
   * Where a platform's vendor script loads from (page config; e.g. Yandex's `/sdk.js`,
   * or the host simulator's stand-in in development). Never a CDN in tests.
   */
  scriptUrls: Partial<Record<AdapterName, string>>;
  /**
   * Has our server check a platform's signed purchases for the signed-in player (and pay
   * their orders, once per token); rejects with a coded SdkError (`guest` when nobody is signed in).
   */
  verifySignedPurchases(proof: SignedPurchaseProof): Promise<PurchaseVerdict[]>;
  log(message: string, data?: unknown): void;
}

/**
 * One host platform, client side (ARCHITECTURE §5). Methods reject with an SdkError
 * whose code the game sees (`unsupported`, `not_available`, `cancelled`, …);
 * argument checks are the caller's (createHostHandlers), not the adapter's.
 */
export interface PlatformAdapter {
  readonly name: AdapterName;
  readonly platform: Platform;
  /** The ability capabilities (ABILITY_CAPABILITIES) this adapter implements. */
  readonly abilities: readonly Capability[];
  /** Whether buyProduct can succeed here. */
  readonly paymentsAvailable: boolean;
  /** Loads the vendor bridge or script (never at import) and reads the platform's view of the player. */
  init(): Promise<void>;
  /** The player as the platform knows them; null where the platform has no identity of its own (fxid). */
  socialProfile(): SocialProfile | null;
  /** The payload that signs the player in on our server; null where the portal's own sign-in is used. */
  signInPayload(): SocialSignIn | null;
  /**
   * The platform's own sign-in prompt for its guests (Yandex's auth dialog), used instead of
   * the portal's login modal: the payload once the player signed in there, null when they declined.
   */
  promptSignIn?(): Promise<SocialSignIn | null>;
  /**
   * Purchases the platform took that our server may not have seen (Yandex's unconsumed
   * purchases): checked there and delivered like new ones. Called once the player is signed in.
   */
  settlePendingPurchases?(): Promise<void>;
  friends(): Promise<Friend[]>;
  invite(message?: string): Promise<{ invitedIds: string[] }>;
  share(link: string, text?: string): Promise<{ shared: boolean }>;
  joinCommunity(): Promise<{ joined: boolean }>;
  addToFavourites(): Promise<{ added: boolean }>;
  ads: PlatformAds;
  review: PlatformReview;
  /** Forwards a game's statistics event to the platform's own statistics, where it has them. */
  stat?(event: { section: string; type: string; name: string; value?: number }): void;
  /** Lifecycle signals to the platform: loading finished, gameplay started or stopped. */
  lifecycle: { loadingReady(): void; gameplayStart(): void; gameplayStop(): void };
  /** Subscribes to pause, resume and focus from the host; returns the unsubscribe. */
  onHostEvent(listener: (event: HostEvent) => void): () => void;
  purchase(sku: string, developerPayload?: string): Promise<PlatformPurchase>;
  /**
   * The host's own storage for saves, used when the catalog's CloudSaves says `Host` for this
   * platform; absent: fxid's server keeps them (and the browser, for a guest).
   */
  storage?: PlatformStorage;
  /**
   * The host's own leaderboards, used for the boards the catalog keeps there (`HostPlatforms`);
   * absent, or for other boards: fxid's server keeps them.
   */
  leaderboards?: HostLeaderboards;
  /** A raw call into the vendor client (`vkBridge.call`, `crazyGames.call`), where the platform has one. */
  vendorCall?(vendor: 'vkBridge' | 'crazyGames', call: VendorCall): Promise<unknown>;
}

/** Makes an adapter; each adapter folder exports one. */
export type AdapterFactory = (context: AdapterContext) => PlatformAdapter;

/** A friend as every platform maps it. */
export function friend(uid: string, firstName: string, lastName: string, gender: Gender, photo: Photo | null): Friend {
  return { uid, firstName, lastName, displayName: `${firstName} ${lastName}`.trim(), gender, photo };
}
