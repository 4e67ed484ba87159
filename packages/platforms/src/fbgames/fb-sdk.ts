import { SdkError } from '@fxid/sdk/host';

/**
 * The surface of Facebook's JS SDK (connect.facebook.net/…/sdk.js) the Facebook Games adapter uses,
 * typed locally (Facebook publishes it as a script, not an npm package). Loaded from a configurable
 * URL inside init(), never at import.
 */

export interface FbAuthResponse {
  userID: string;
  accessToken?: string;
  /** A signed_request (security.md §4a) signed with the app secret. */
  signedRequest: string;
}

export interface FbLoginStatus {
  status: 'connected' | 'not_authorized' | 'unknown';
  authResponse?: FbAuthResponse | null;
}

/** What FB.ui answers: the dialog's result, or `{ error_code, error_message }`. */
export type FbUiResponse = Record<string, unknown> & { error_code?: number; error_message?: string };

export interface FbSdk {
  init(options: { appId: string; version: string; xfbml?: boolean; cookie?: boolean }): void;
  getLoginStatus(callback: (status: FbLoginStatus) => void): void;
  login(callback: (status: FbLoginStatus) => void, options?: { scope?: string }): void;
  ui(params: Record<string, unknown>, callback: (response: FbUiResponse | undefined) => void): void;
  Event?: { subscribe(event: string, callback: (value: unknown) => void): void };
}

/** Spec store §9: Facebook Games SDK version. */
export const FB_GRAPH_VERSION = 'v3.0';
/** How long Facebook may take to load its script before the page gives up. */
const LOAD_TIMEOUT_MS = 15_000;

/** FB of the script at `url` (loaded unless the page already has it), initialised for the app. */
export async function loadFbSdk(url: string, appId: string): Promise<FbSdk> {
  const host = window as unknown as { FB?: FbSdk };
  if (!host.FB) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      const timer = setTimeout(() => reject(new SdkError('timeout', 'Facebook SDK did not load')), LOAD_TIMEOUT_MS);
      script.src = url;
      script.async = true;
      script.onload = () => {
        clearTimeout(timer);
        resolve();
      };
      script.onerror = () => {
        clearTimeout(timer);
        reject(new SdkError('not_available', `Facebook's SDK did not load from ${url}`));
      };
      document.head.append(script);
    });
  }
  const fb = host.FB;
  if (!fb) throw new SdkError('not_available', `${url} did not define FB`);
  fb.init({ appId, version: FB_GRAPH_VERSION, xfbml: false });
  return fb;
}

/** FB.ui as a promise. */
export function fbUi(fb: FbSdk, params: Record<string, unknown>): Promise<FbUiResponse | undefined> {
  return new Promise((resolve) => fb.ui(params, resolve));
}

/** FB.getLoginStatus / FB.login as promises. */
export const loginStatus = (fb: FbSdk) => new Promise<FbLoginStatus>((resolve) => fb.getLoginStatus(resolve));
export const login = (fb: FbSdk) => new Promise<FbLoginStatus>((resolve) => fb.login(resolve));

/** Facebook's error code for a dialog the player closed (platform-protocols.md §12, UNCONFIRMED). */
export const FB_USER_CANCELLED = 1383010;
