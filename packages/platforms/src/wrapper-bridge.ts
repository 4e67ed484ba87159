import { SdkError } from '@fxid/sdk/host';

/**
 * A desktop or native wrapper's bridge: an object the wrapper (Electron preload, a WebView's
 * injected script) hands the portal page as a window global. Steam's (`fxidSteam`), our
 * launcher's (`fxidLauncher`) and our native app's (`fxidNative`) load the same way: the
 * wrapper's own, or, where none was injected, the script at the page config's URL (in
 * development the host simulator's stand-in, which defines the global).
 */
export type BridgeGlobal = 'fxidSteam' | 'fxidLauncher' | 'fxidNative';

const LOAD_TIMEOUT_MS = 15_000;

function loadScript(url: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new SdkError('not_available', `The ${what} bridge did not load from ${url}`));
    document.head.append(script);
  });
}

/**
 * The wrapper's bridge at `window[global]`, or the one the script at `url` defines; undefined
 * when neither is there (the page is not running in that wrapper).
 */
export async function loadBridge<K extends BridgeGlobal>(
  global: K,
  url: string | undefined,
  what: string,
): Promise<Window[K] | undefined> {
  if (window[global]) return window[global];
  if (!url) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    loadScript(url, what),
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SdkError('timeout', `The ${what} bridge did not load`)), LOAD_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return window[global];
}
