import { SdkError } from '@fxid/sdk/host';

/**
 * The CrazyGames HTML5 SDK v3 surface the adapter uses (platform-protocols.md §13b), typed
 * locally: CrazyGames publishes no npm package of it. Loaded from a configurable URL inside
 * init(), never at import; `await SDK.init()` is mandatory in v3.
 */
export interface CgUser {
  username: string;
  profilePictureUrl?: string;
}

export interface CgAdCallbacks {
  adStarted?(): void;
  adFinished?(): void;
  adError?(error: { code?: string; message?: string } | string): void;
}

export interface CgSdk {
  init(): Promise<void>;
  environment: 'local' | 'crazygames' | 'disabled';
  user: {
    isUserAccountAvailable: boolean;
    systemInfo?: { countryCode?: string; locale?: string; device?: { type?: string } };
    getUser(): Promise<CgUser | null>;
    getUserToken(): Promise<string>;
    showAuthPrompt(): Promise<CgUser | null>;
    addAuthListener(listener: (user: CgUser | null) => void): void;
    removeAuthListener(listener: (user: CgUser | null) => void): void;
  };
  ad: {
    requestAd(kind: 'midgame' | 'rewarded', callbacks: CgAdCallbacks): void;
    hasAdblock(): Promise<boolean>;
  };
  banner: {
    requestResponsiveBanner(id: string): Promise<void>;
    clearBanner(id: string): void;
    clearAllBanners(): void;
  };
  /** The data module: localStorage-like and synchronous, synced to the account when logged in. */
  data?: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  };
  game: {
    loadingStart(): void;
    loadingStop(): void;
    gameplayStart(): void;
    gameplayStop(): void;
    happytime(): void;
    inviteLink?(params: Record<string, string>): string;
  };
}

/** How long CrazyGames may take to load its script and finish init before the page gives up. */
const INIT_TIMEOUT_MS = 15_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `The CrazyGames SDK did not load from ${url}`));
    document.head.append(script);
  });
}

/** `CrazyGames.SDK` of the script at `url` (loaded unless the page has it), initialised, with a time limit. */
export async function initCrazyGames(url: string): Promise<CgSdk> {
  const host = window as unknown as { CrazyGames?: { SDK?: CgSdk } };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    if (!host.CrazyGames?.SDK) await loadScript(url);
    const sdk = host.CrazyGames?.SDK;
    if (!sdk) throw new SdkError('not_available', `${url} did not define CrazyGames.SDK`);
    await sdk.init();
    return sdk;
  })();
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SdkError('timeout', 'CrazyGames did not answer SDK.init')), INIT_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** What CrazyGames said, for logs and messages. */
export function crazyGamesErrorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return [code, message].filter((part) => typeof part === 'string' && part).join(': ') || JSON.stringify(error);
  }
  return String(error);
}
