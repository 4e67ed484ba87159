import { SdkError } from '@fxid/sdk/host';

/**
 * The FBInstant surface the adapter uses (platform-protocols.md §13c), typed locally: Facebook
 * publishes no npm package of it. Loaded from a configurable URL inside init(), never at import.
 */

export interface FbSignedPlayerInfo {
  getPlayerID(): string;
  /** A Facebook signed_request (security.md §4a) signed with the game's app secret. */
  getSignature(): string;
}

export interface FbPurchase {
  developerPayload?: string;
  isConsumed?: boolean;
  paymentID: string;
  productID: string;
  purchaseTime?: string | number;
  purchaseToken: string;
  /** Facebook's signed_request of the purchase, for our server to check. */
  signedRequest: string;
}

export interface FbAdInstance {
  getPlacementID(): string;
  loadAsync(): Promise<void>;
  showAsync(): Promise<void>;
}

export interface FbInstant {
  initializeAsync(): Promise<void>;
  setLoadingProgress(percent: number): void;
  startGameAsync(): Promise<void>;
  onPause(listener: () => void): void;
  getLocale(): string | null;
  getPlatform(): string | null;
  getSupportedAPIs?(): string[];
  player: {
    getID(): string | null;
    getName(): string | null;
    getPhoto(): string | null;
    getSignedPlayerInfoAsync(requestPayload?: string): Promise<FbSignedPlayerInfo>;
    /** The player's data under these keys (absent keys are left out). */
    getDataAsync?(keys: string[]): Promise<Record<string, unknown>>;
    /** Sets these keys of the player's data (the others stay). */
    setDataAsync?(data: Record<string, unknown>): Promise<void>;
  };
  context: {
    getID(): string | null;
    chooseAsync(options?: { filters?: string[]; maxSize?: number; minSize?: number }): Promise<void>;
    getPlayersAsync?(): Promise<{ getID(): string }[]>;
  };
  payments: {
    onReady(listener: () => void): void;
    purchaseAsync(options: { productID: string; developerPayload?: string }): Promise<FbPurchase>;
    getPurchasesAsync(): Promise<FbPurchase[]>;
    consumePurchaseAsync(purchaseToken: string): Promise<void>;
  };
  getInterstitialAdAsync(placementId: string): Promise<FbAdInstance>;
  getRewardedVideoAsync(placementId: string): Promise<FbAdInstance>;
  loadBannerAdAsync?(placementId: string): Promise<void>;
  hideBannerAdAsync?(): Promise<void>;
  shareAsync(options: { intent?: string; image: string; text: string; data?: Record<string, unknown> }): Promise<void>;
}

/** How long Facebook may take to load its script and answer initializeAsync before the page gives up. */
const INIT_TIMEOUT_MS = 15_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `The Instant Games SDK did not load from ${url}`));
    document.head.append(script);
  });
}

/** FBInstant of the script at `url` (loaded unless the page already has it), initialised, with a time limit. */
export async function initFbInstant(url: string): Promise<FbInstant> {
  const host = window as unknown as { FBInstant?: FbInstant };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    if (!host.FBInstant) await loadScript(url);
    const sdk = host.FBInstant;
    if (!sdk) throw new SdkError('not_available', `${url} did not define FBInstant`);
    await sdk.initializeAsync();
    return sdk;
  })();
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new SdkError('timeout', 'Facebook did not answer FBInstant.initializeAsync')),
        INIT_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/** The code of an FBInstant rejection (`{ code, message }`: USER_INPUT, ADS_NO_FILL, …), or ''. */
export function fbErrorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
}

/** What Facebook said, for logs and messages. */
export function fbErrorText(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const text = [code, message].filter((part) => typeof part === 'string' && part).join(': ');
    if (text) return text;
  }
  return error instanceof Error ? error.message : String(error);
}
