import type { Logger } from '../../shared/lib/logger';

/** Registers the service worker built by vite-plugin-pwa, after load so it never delays the first paint. */
export function registerServiceWorker(logger: Logger): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    // Relative to <base href>, so the worker's scope is the router base path.
    const url = new URL('sw.js', document.baseURI);
    navigator.serviceWorker
      .register(url, { scope: new URL('./', document.baseURI).pathname })
      .then((registration) => logger.debug(`service worker registered for ${registration.scope}`))
      .catch((error: unknown) => logger.warn('service worker registration failed', error));
  });
}
