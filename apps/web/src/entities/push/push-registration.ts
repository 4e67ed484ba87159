import type { Logger } from '../../shared/lib/logger';
import { PERMISSION_NOT_GRANTED } from './permission';

/** The browser parts push needs; the page passes the real ones, unit tests fakes. */
export interface PushEnvironment {
  /** navigator.serviceWorker, or undefined where service workers are missing. */
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistration'> | undefined;
  /** The Notification API, or undefined where the browser has none. */
  notifications: Pick<typeof Notification, 'permission' | 'requestPermission'> | undefined;
  /** Whether the portal page itself is inside an iframe (a game's iframe inside the portal does not count). */
  framed: boolean;
}

export interface PushRegistrationRequest {
  /** The public VAPID key from the game config (WebPush.VapidPublicKey). */
  vapidKey: string | undefined;
  /** Shows the push-permission confirm; true on OK. */
  confirm(): Promise<boolean>;
  /** Stores the serialised subscription for the signed-in player; undefined for a guest. */
  save: ((subscription: string) => Promise<void>) | undefined;
  logger: Logger;
}

export type PushRegistrationResult = { registered: true } | { registered: false; reason: string };

/** The environment of this page. */
export function browserPushEnvironment(): PushEnvironment {
  return {
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    notifications: 'Notification' in window ? Notification : undefined,
    framed: window.self !== window.top,
  };
}

/** Whether this page can ask for notifications at all: service workers, the Notification API, not framed. */
export function canAskForNotifications(env: PushEnvironment): boolean {
  return !!env.serviceWorker && !!env.notifications && !env.framed;
}

/**
 * Subscribes this browser to Web Push and saves the subscription (spec §3–§5):
 * skipped, with the reason logged, where it cannot work or the player said no;
 * otherwise our own confirm, then the browser's prompt, then subscribe and save.
 */
export async function registerPush(
  env: PushEnvironment,
  request: PushRegistrationRequest,
): Promise<PushRegistrationResult> {
  const skip = (reason: string): PushRegistrationResult => {
    request.logger.info(`push subscription skipped: ${reason}`);
    return { registered: false, reason };
  };
  if (!env.serviceWorker) return skip('service workers are missing');
  if (env.framed) return skip('the portal page is inside an iframe');
  if (!env.notifications) return skip('notifications are not supported');
  if (!request.vapidKey) return skip('there is no public push key');
  if (env.notifications.permission === 'denied') return skip(PERMISSION_NOT_GRANTED);
  if (!request.save) return skip('push needs a signed-in player');
  const registration = await env.serviceWorker.getRegistration();
  if (!registration) return skip('no service worker is registered');

  // A player who already allowed notifications is not asked twice.
  if (env.notifications.permission !== 'granted') {
    if (!(await request.confirm())) return skip('the player cancelled');
    if ((await env.notifications.requestPermission()) !== 'granted') return skip(PERMISSION_NOT_GRANTED);
  }
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(request.vapidKey),
    });
  } catch (error) {
    request.logger.warn('push subscribe failed', error);
    return skip('the browser could not subscribe');
  }
  try {
    await request.save(JSON.stringify(subscription));
  } catch (error) {
    request.logger.warn('push subscription not saved', error);
    return skip('the subscription could not be saved');
  }
  request.logger.info('push subscription saved');
  return { registered: true };
}

/** The key as bytes: pushManager.subscribe wants a BufferSource, the config carries base64url. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}
