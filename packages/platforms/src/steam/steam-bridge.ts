import { SdkError } from '@fxid/sdk/host';

/**
 * The Steam bridge: what the desktop wrapper of a Steam build (Electron or another shell that
 * runs Steamworks, e.g. through steamworks.js) hands the portal page as `window.fxidSteam`,
 * typed here because Steam publishes no web SDK. Each member maps to one Steamworks call or
 * callback; the wrapper's preload script implements it. In development the host simulator's
 * stand-in (loaded from the page config's SteamBridgeUrl) implements it over postMessage.
 */
export interface SteamBridge {
  /** `SteamUtils()->GetAppID()`. */
  appId(): Promise<number>;
  /** The signed-in Steam user: `SteamUser()->GetSteamID()` (SteamID64 as text), `GetPersonaName()`. */
  player(): Promise<{ steamId: string; name: string }>;
  /** `SteamUser()->GetAuthTicketForWebApi(identity)`, resolved on `GetTicketForWebApiResponse_t`: the bytes as hex. */
  getAuthTicketForWebApi(identity: string): Promise<string>;
  /** Listens to `MicroTxnAuthorizationResponse_t` (m_unAppID, m_ulOrderID, m_bAuthorized); returns the unsubscribe. */
  onMicroTxnAuthorizationResponse(
    listener: (response: { appId: number; orderId: string; authorized: boolean }) => void,
  ): () => void;
}

declare global {
  interface Window {
    fxidSteam?: SteamBridge;
  }
}

const LOAD_TIMEOUT_MS = 15_000;

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `The Steam bridge did not load from ${url}`));
    document.head.append(script);
  });
}

/**
 * The wrapper's bridge, or the one the script at `url` defines; undefined when neither is there
 * (the page is not running in a Steam build).
 */
export async function loadSteamBridge(url: string | undefined): Promise<SteamBridge | undefined> {
  if (window.fxidSteam) return window.fxidSteam;
  if (!url) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    loadScript(url),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SdkError('timeout', 'The Steam bridge did not load')), LOAD_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return window.fxidSteam;
}
