import { SdkError } from '@fxid/sdk/host';

/**
 * The Kongregate JS API surface the adapter uses (platform-protocols.md §3), typed locally:
 * Kongregate publishes no npm package of it. Its loader script is loaded inside init() from a
 * configurable URL, then `kongregateAPI.loadAPI(callback)` and `getAPI()`.
 */
export interface KongregateClient {
  services: {
    connect(): unknown;
    isGuest(): boolean;
    getUsername(): string;
    getUserId(): number;
    getGameAuthToken(): string;
    showSignInBox(): void;
    showRegistrationBox(): void;
    addEventListener(name: 'login', listener: () => void): void;
  };
  mtx: {
    purchaseItems(
      items: (string | { identifier: string; data?: string })[],
      callback: (result: { success: boolean }) => void,
    ): void;
  };
  stats?: { submit(name: string, value: number): void };
}

interface KongregateLoader {
  loadAPI(callback: () => void): void;
  getAPI(): KongregateClient;
}

const LOAD_TIMEOUT_MS = 15_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `The Kongregate API did not load from ${url}`));
    document.head.append(script);
  });
}

/** The Kongregate API of the script at `url` (loaded unless the page has it), connected, with a time limit. */
export async function loadKongregate(url: string): Promise<KongregateClient> {
  const host = window as unknown as { kongregateAPI?: KongregateLoader };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    if (!host.kongregateAPI) await loadScript(url);
    const loader = host.kongregateAPI;
    if (!loader) throw new SdkError('not_available', `${url} did not define kongregateAPI`);
    await new Promise<void>((resolve) => loader.loadAPI(resolve));
    const api = loader.getAPI();
    api.services.connect();
    return api;
  })();
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SdkError('timeout', 'Kongregate did not load its API')), LOAD_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}
