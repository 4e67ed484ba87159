import { loadBridge } from '../wrapper-bridge.js';

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

/**
 * The wrapper's bridge, or the one the script at `url` defines; undefined when neither is there
 * (the page is not running in a Steam build).
 */
export function loadSteamBridge(url: string | undefined): Promise<SteamBridge | undefined> {
  return loadBridge('fxidSteam', url, 'Steam');
}
