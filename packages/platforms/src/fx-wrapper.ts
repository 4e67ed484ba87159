import type { AdapterContext, HostEvent, PlatformAdapter, SocialSignIn } from './adapter.js';
import { fxidAdapter } from './fxid/fxid-adapter.js';
import { loadBridge } from './wrapper-bridge.js';

/**
 * What our own wrappers (the desktop launcher, `window.fxidLauncher`; the native app,
 * `window.fxidNative`) both hand the portal page. The wrapper holds an fxid session of its own
 * (the player signed in there); the page signs that same account in with a token the wrapper
 * asks our server for, and hears the wrapper's lifecycle. Written here because it is ours: the
 * wrapper's preload script (Electron, a WebView's injected script) implements it.
 */
export interface FxWrapperBridge {
  /**
   * A fresh sign-in token for `game`, asked with the wrapper's own session (FxLauncher: POST
   * /api/v1/ftl_integration/{Game}/launcher/sign_in_token; FxNative: POST
   * /api/v1/native/sign_in_token/{Game}); null when nobody is signed in to the wrapper. Each
   * token signs in once and lives two minutes, so the page asks again for each sign-in.
   */
  signInToken(game: string): Promise<string | null>;
  /** The game's lifecycle signals, for the wrapper (hide its splash, keep the screen awake). */
  signal(name: 'loadingReady' | 'gameplayStart' | 'gameplayStop'): void;
  /**
   * The wrapper's events: `pause` (minimised, sent to the background), `resume`, `quit` (about
   * to close the game: the game is paused, its last chance to save), `player-changed` (another
   * account signed in to the wrapper, or it signed out). Returns the unsubscribe.
   */
  onLifecycle(listener: (event: 'pause' | 'resume' | 'quit' | 'player-changed') => void): () => void;
}

export type FxWrapperName = 'fxlauncher' | 'fxnative';

const GLOBALS = { fxlauncher: 'fxidLauncher', fxnative: 'fxidNative' } as const;
const PLATFORMS = { fxlauncher: 'FxLauncher', fxnative: 'FxNative' } as const;

/**
 * The adapter both wrappers share: the own site's (fxid: portal friends, invite link, share
 * modal, web checkout, no ads, no rating), with the player signed in by the wrapper's token and
 * the wrapper's lifecycle. `bridge()` is the loaded bridge (undefined outside the wrapper) and
 * `signedInByWrapper()` whether the wrapper vouched for the player at start, for what differs.
 */
export function fxWrapperAdapter<B extends FxWrapperBridge>(context: AdapterContext, name: FxWrapperName) {
  const platform = PLATFORMS[name];
  let bridge: B | undefined;
  let token: string | null = null;
  let vouched = false;
  const listeners = new Set<(event: HostEvent) => void>();
  const emit = (event: HostEvent) => {
    for (const listener of listeners) listener(event);
  };
  const freshToken = async () => {
    token = bridge ? await bridge.signInToken(context.game) : null;
  };
  const payload = (): SocialSignIn | null => {
    if (!token) return null;
    const signIn = { Social: platform, [`${platform}Login`]: { Token: token } };
    // A token signs in once: the next sign-in (a retry, a player change) needs its own.
    token = null;
    freshToken().catch((error: unknown) => context.log(`no fresh ${platform} sign-in token`, error));
    return signIn;
  };
  const onWrapperEvent = (event: 'pause' | 'resume' | 'quit' | 'player-changed') => {
    if (event === 'player-changed') {
      freshToken()
        .then(() => emit({ type: 'player-changed', signIn: payload() }))
        .catch((error: unknown) => context.log(`${platform} player change not followed`, error));
    } else emit({ type: event === 'resume' ? 'resume' : 'pause' });
  };

  const adapter: PlatformAdapter = {
    ...fxidAdapter(context),
    name,
    platform,
    async init() {
      bridge = (await loadBridge(GLOBALS[name], context.scriptUrls[name], platform)) as B | undefined;
      if (!bridge) {
        context.log(`no ${platform} bridge: the portal's own sign-in and checkout serve the player`);
        return;
      }
      bridge.onLifecycle(onWrapperEvent);
      await freshToken();
      vouched = token !== null;
    },
    // The player is an fxid account: the portal's own profile, as on the own site.
    socialProfile: () => null,
    signInPayload: payload,
    lifecycle: {
      loadingReady: () => bridge?.signal('loadingReady'),
      gameplayStart: () => bridge?.signal('gameplayStart'),
      gameplayStop: () => bridge?.signal('gameplayStop'),
    },
    onHostEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { adapter, bridge: () => bridge, signedInByWrapper: () => vouched };
}
