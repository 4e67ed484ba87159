import { SdkError } from '@fxid/sdk/host';

/**
 * The YaGames SDK surface the adapter uses (platform-protocols.md §13a), typed locally:
 * no npm package publishes it. Loaded from a configurable URL inside init(), never at import.
 */

export interface YaPlayer {
  getUniqueID(): string;
  isAuthorized(): boolean;
  getName(): string;
  getPhoto(size: 'small' | 'medium' | 'large'): string;
  /** Only with getPlayer({ signed: true }): `<sign>.<data>` (security.md §5). */
  signature?: string;
  /** The player's saved data (all of it without keys); a guest's is kept in the browser. */
  getData(keys?: string[]): Promise<Record<string, unknown>>;
  /** Replaces all of the player's saved data; `flush` sends it at once. */
  setData(data: Record<string, unknown>, flush?: boolean): Promise<unknown>;
}

/** A purchase as purchase() gives it; the shape differs between sources (platform-protocols.md §14). */
export interface YaPurchase {
  productID?: string;
  purchaseToken?: string;
  signature?: string;
  purchaseData?: { productID?: string; purchaseToken?: string };
}

export interface YaPayments {
  purchase(options: { id: string; developerPayload?: string }): Promise<YaPurchase>;
  /** In signed mode the list also carries the signature of all of it. */
  getPurchases(): Promise<YaPurchase[] & { signature?: string }>;
  consumePurchase(token: string): Promise<unknown>;
}

/** One row of a Yandex leaderboard (getLeaderboardEntries / getLeaderboardPlayerEntry). */
export interface YaLeaderboardEntry {
  score: number;
  /** 1 for the best. */
  rank: number;
  extraData?: string;
  formattedScore?: string;
  player: {
    uniqueID: string;
    /** Empty when the player hides their name from the board. */
    publicName: string;
    getAvatarSrc(size: 'small' | 'medium' | 'large'): string;
  };
}

/**
 * The object ysdk.getLeaderboards() resolves to. Yandex allows a score only from an authorized
 * player, at most one per second; a player without a score gets LEADERBOARD_PLAYER_NOT_PRESENT.
 */
export interface YaLeaderboards {
  setLeaderboardScore(name: string, score: number, extraData?: string): Promise<unknown>;
  /** quantityTop 1–20, quantityAround 1–10 (Yandex's limits); includeUser only for an authorized player. */
  getLeaderboardEntries(
    name: string,
    options?: { includeUser?: boolean; quantityAround?: number; quantityTop?: number },
  ): Promise<{ entries: YaLeaderboardEntry[]; userRank?: number }>;
  getLeaderboardPlayerEntry(name: string): Promise<YaLeaderboardEntry>;
}

type AdCallbacks = Partial<{
  onOpen(): void;
  onClose(wasShown?: boolean): void;
  onError(error: unknown): void;
  onOffline(): void;
  onRewarded(): void;
}>;

export interface YaSdk {
  environment?: { app?: { id?: string }; i18n?: { lang?: string; tld?: string } };
  deviceInfo?: { type?: string };
  features?: {
    LoadingAPI?: { ready(): void };
    GameplayAPI?: { start(): void; stop(): void };
  };
  on?(event: 'game_api_pause' | 'game_api_resume', listener: () => void): void;
  getPlayer(options?: { signed?: boolean; scopes?: boolean }): Promise<YaPlayer>;
  auth?: { openAuthDialog(): Promise<unknown> };
  getPayments(options?: { signed?: boolean }): Promise<YaPayments>;
  getLeaderboards?(): Promise<YaLeaderboards>;
  adv: {
    showFullscreenAdv(options: { callbacks: AdCallbacks }): void;
    showRewardedVideo(options: { callbacks: AdCallbacks }): void;
    showBannerAdv?(): Promise<{ stickyAdvIsShowing?: boolean; reason?: string }>;
    hideBannerAdv?(): Promise<{ stickyAdvIsShowing?: boolean; reason?: string }>;
  };
  feedback?: {
    canReview(): Promise<{ value: boolean; reason?: string }>;
    requestReview(): Promise<{ feedbackSent: boolean }>;
  };
}

interface YaGamesGlobal {
  init(options?: { signed?: boolean }): Promise<YaSdk>;
}

/** How long Yandex may take to load its script and answer init before the page gives up. */
const INIT_TIMEOUT_MS = 15_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `The Yandex Games SDK did not load from ${url}`));
    document.head.append(script);
  });
}

/** YaGames.init() of the script at `url` (loaded unless the page already has it), with a time limit. */
export async function initYaGames(url: string): Promise<YaSdk> {
  const host = window as unknown as { YaGames?: YaGamesGlobal };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    if (!host.YaGames) await loadScript(url);
    if (!host.YaGames) throw new SdkError('not_available', `${url} did not define YaGames`);
    return host.YaGames.init({ signed: true });
  })();
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new SdkError('timeout', 'Yandex Games did not answer YaGames.init')),
        INIT_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What Yandex said, for logs and messages. */
export function yandexErrorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return [code, message].filter((part) => typeof part === 'string' && part).join(': ') || JSON.stringify(error);
  }
  return String(error);
}

/**
 * A failed purchase() as the game sees it (spec store §4): a window the player closed is
 * UserCancelled (`cancelled`); anything else Unknown. Yandex's rejection shape is
 * UNCONFIRMED (platform-protocols.md §13a): a closed window is told by its words.
 */
export function yandexPurchaseError(error: unknown): SdkError {
  if (error instanceof SdkError) return error;
  const text = yandexErrorText(error);
  if (/cancel|close/i.test(text)) return new SdkError('cancelled', `UserCancelled: ${text}`);
  return new SdkError('payment_not_completed', `Unknown: ${text}`);
}
