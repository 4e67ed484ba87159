import { SdkError } from '@fxid/sdk/host';

/**
 * The FAPI surface (`fapi5.js`) the adapter uses (platform-protocols.md §13d), typed locally:
 * no npm package publishes it. Loaded from a configurable URL inside init(), never at import.
 */
export interface Fapi {
  init(apiServer: string, apiConnection: string, onSuccess: () => void, onError: (error: unknown) => void): void;
  UI: {
    showPayment(
      name: string,
      description: string,
      code: string,
      price: number,
      options: null,
      attributes: string,
      currency: 'ok',
      callback: 'true',
    ): void;
    showInvite(text: string, params?: string): void;
    showRatingDialog(): void;
    /** Rewarded video: loadAd() prepares one, showLoadedAd() shows it. */
    loadAd(): void;
    showLoadedAd(): void;
    /** Interstitial: reports progress (`ready`, `ad_prepared`) before its outcome. */
    showAd(): void;
  };
}

/** What every FAPI.UI call reports through the page's global `API_callback(method, result, data)`. */
export type FapiCallback = (method: string, result: string, data: unknown) => void;

type FapiWindow = { FAPI?: Fapi; API_callback?: FapiCallback };

/** OK serves FAPI here to the apps it frames (platform-protocols.md §13d). */
export const OK_FAPI_URL = 'https://api.ok.ru/js/fapi5.js';

/** How long OK may take to load FAPI and answer FAPI.init before the page gives up. */
const INIT_TIMEOUT_MS = 15_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `OK's FAPI did not load from ${url}`));
    document.head.append(script);
  });
}

/**
 * FAPI.init of the script at `url` (loaded unless the page has FAPI already) with the launch's
 * api_server and apiconnection, within a time limit; `onCallback` receives every API_callback.
 */
export async function initFapi(
  url: string,
  launch: { apiServer: string; apiConnection: string },
  onCallback: FapiCallback,
): Promise<Fapi> {
  const host = window as unknown as FapiWindow;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    if (!host.FAPI) await loadScript(url);
    const fapi = host.FAPI;
    if (!fapi) throw new SdkError('not_available', `${url} did not define FAPI`);
    host.API_callback = onCallback;
    await new Promise<void>((resolve, reject) =>
      fapi.init(launch.apiServer, launch.apiConnection, resolve, (error) =>
        reject(new SdkError('not_available', `FAPI.init failed: ${describe(error)}`)),
      ),
    );
    return fapi;
  })();
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SdkError('timeout', 'OK did not answer FAPI.init')), INIT_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
