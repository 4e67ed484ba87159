/** The part of Cloudflare's Turnstile API the login modal uses (explicit rendering). */
export interface TurnstileApi {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      action?: string;
      language?: string;
      theme?: 'auto' | 'light' | 'dark';
      callback(token: string): void;
      'error-callback'?(): void;
      'expired-callback'?(): void;
    },
  ): string;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

let loading: Promise<TurnstileApi> | undefined;

/**
 * Loads Cloudflare's script once, on first use: only when a site key is configured
 * and the robot check is shown. A failed load may be tried again.
 */
export function loadTurnstile(doc: Document = document): Promise<TurnstileApi> {
  const win = doc.defaultView;
  if (win?.turnstile) return Promise.resolve(win.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (win?.turnstile ? resolve(win.turnstile) : reject(new Error('Turnstile did not start')));
    script.onerror = () => reject(new Error('The Turnstile script could not be loaded'));
    doc.head.append(script);
  }).then(
    (api) => {
      // From now on window.turnstile answers.
      loading = undefined;
      return api;
    },
    (error: unknown) => {
      loading = undefined;
      doc.querySelector(`script[src="${TURNSTILE_SCRIPT_URL}"]`)?.remove();
      throw error;
    },
  );
  return loading;
}
