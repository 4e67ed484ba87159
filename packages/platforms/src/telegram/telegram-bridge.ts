/**
 * The Telegram Mini App client protocol (platform-protocols.md §13f), as the official
 * `telegram-web-app.js` speaks it: events to Telegram through
 * `window.TelegramWebviewProxy.postEvent` (mobile apps) or, in an iframe (Telegram Web),
 * `parent.postMessage(JSON.stringify({ eventType, eventData }), '*')`; Telegram's events
 * arrive as the same JSON string from the parent window only. Only event names and
 * harmless parameters travel this way; the proof of the player (initData) goes to our
 * server, never back here.
 */

import { SdkError } from '@fxid/sdk/host';

type Listener = (eventType: string, eventData: Record<string, unknown>) => void;

interface TelegramWindow {
  TelegramWebviewProxy?: { postEvent(eventType: string, eventData: string): void };
}

export interface TelegramBridge {
  post(eventType: string, eventData?: Record<string, unknown>): void;
  /** Subscribes to Telegram's events; returns the unsubscribe. */
  on(listener: Listener): () => void;
}

export function telegramBridge(target: Window): TelegramBridge {
  const listeners = new Set<Listener>();
  const proxy = (target as unknown as TelegramWindow).TelegramWebviewProxy;
  target.addEventListener('message', (event: MessageEvent) => {
    // As telegram-web-app.js: only the embedding window speaks for Telegram.
    if (event.source !== target.parent || typeof event.data !== 'string') return;
    let message: { eventType?: unknown; eventData?: unknown };
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (typeof message.eventType !== 'string') return;
    const data = typeof message.eventData === 'object' && message.eventData !== null ? message.eventData : {};
    for (const listener of listeners) listener(message.eventType, data as Record<string, unknown>);
  });
  return {
    post(eventType, eventData) {
      if (proxy) {
        proxy.postEvent(eventType, JSON.stringify(eventData ?? ''));
        return;
      }
      // Telegram Web's iframe transport: a JSON string to any origin, as the official script
      // sends it (the host's origin varies: web.telegram.org/k, /a, desktop builds).
      target.parent.postMessage(JSON.stringify({ eventType, eventData: eventData ?? '' }), '*');
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** How long Telegram may take to answer a custom method before the call gives up. */
const CUSTOM_METHOD_TIMEOUT_MS = 15_000;

/**
 * Telegram's custom methods (CloudStorage's, among others): `web_app_invoke_custom_method`
 * `{ req_id, method, params }`, answered by `custom_method_invoked` `{ req_id, result?, error? }`,
 * as telegram-web-app.js calls them. Rejects with `not_available` and Telegram's error text, or
 * `timeout` when no answer comes.
 */
export function customMethods(bridge: TelegramBridge) {
  let next = 0;
  const prefix = Math.random().toString(36).slice(2, 8);
  return (method: string, params: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const reqId = `${prefix}_${++next}`;
      const timer = setTimeout(() => {
        stop();
        reject(new SdkError('timeout', `Telegram did not answer ${method}`));
      }, CUSTOM_METHOD_TIMEOUT_MS);
      const stop = bridge.on((eventType, data) => {
        if (eventType !== 'custom_method_invoked' || data.req_id !== reqId) return;
        stop();
        clearTimeout(timer);
        if (data.error !== undefined) reject(new SdkError('not_available', `Telegram: ${String(data.error)}`));
        else resolve(data.result);
      });
      bridge.post('web_app_invoke_custom_method', { req_id: reqId, method, params });
    });
}
