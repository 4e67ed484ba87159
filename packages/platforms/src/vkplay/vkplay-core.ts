import { SdkError } from '@fxid/sdk/host';

/**
 * VK Play's client script (`mailru.core.js`, platform-protocols.md §1c), typed locally: no npm
 * package publishes it. Loaded from a configurable URL inside init(), never at import. Its
 * methods are fire-and-forget; each result arrives in the callback of the same name given to
 * `window.iframeApi`.
 */
export interface VkPlayApi {
  getLoginStatus(): void;
  userProfile(): void;
  authUser(): void;
  registerUser(): void;
  reloadWindow(): void;
  paymentFrame(params: { merchant_param: VkPlayMerchantParam }): void;
  showAds(params: { interstitial: boolean }): void;
}

export interface VkPlayMerchantParam {
  amount: number;
  currency: string;
  description: string;
  item_id: string;
  order_id: string;
}

/** What VK Play's callbacks receive (§1c): a status, and the rest by callback. */
export interface VkPlayAnswer {
  status?: string;
  uid?: string | number;
  loginStatus?: number;
  nick?: string;
  avatar?: string;
  errmsg?: string;
  type?: string;
  code?: string;
}

export const VKPLAY_CALLBACKS = [
  'getLoginStatusCallback',
  'userProfileCallback',
  'userInfoCallback',
  'registerUserCallback',
  'paymentReceivedCallback',
  'paymentWindowClosedCallback',
  'adsCallback',
] as const;
export type VkPlayCallbackName = (typeof VKPLAY_CALLBACKS)[number];

type IframeApi = (
  options: { appid: string } & Record<VkPlayCallbackName, (answer?: VkPlayAnswer) => void>,
) => Promise<VkPlayApi>;

/** Where VK Play serves its script to the games it frames; `{appid}` is the launch's app id. */
export const VKPLAY_CORE_URL = 'https://vkplay.ru/app/{appid}/static/mailru.core.js';

/** How long VK Play may take to load its script and answer iframeApi before the page gives up. */
const INIT_TIMEOUT_MS = 15_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `VK Play's script did not load from ${url}`));
    document.head.append(script);
  });
}

/**
 * `window.iframeApi` of the script at `url` (loaded unless the page has it already) for the
 * launch's app id, within a time limit; `onCallback` receives every callback by name.
 */
export async function initVkPlay(
  url: string,
  appId: string,
  onCallback: (name: VkPlayCallbackName, answer: VkPlayAnswer) => void,
): Promise<VkPlayApi> {
  const host = window as unknown as { iframeApi?: IframeApi };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    if (!host.iframeApi) await loadScript(url.replace('{appid}', encodeURIComponent(appId)));
    const iframeApi = host.iframeApi;
    if (!iframeApi) throw new SdkError('not_available', `${url} did not define iframeApi`);
    const callbacks = Object.fromEntries(
      VKPLAY_CALLBACKS.map((name) => [name, (answer?: VkPlayAnswer) => onCallback(name, answer ?? {})]),
    ) as Record<VkPlayCallbackName, (answer?: VkPlayAnswer) => void>;
    try {
      return await iframeApi({ appid: appId, ...callbacks });
    } catch (error) {
      throw new SdkError('not_available', `VK Play's iframeApi failed: ${describe(error)}`);
    }
  })();
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SdkError('timeout', 'VK Play did not answer iframeApi')), INIT_TIMEOUT_MS);
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
