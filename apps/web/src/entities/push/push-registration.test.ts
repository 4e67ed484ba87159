import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../shared/lib/logger';
import { PERMISSION_NOT_GRANTED } from './permission';
import {
  base64UrlToBytes,
  type PushEnvironment,
  type PushRegistrationRequest,
  registerPush,
} from './push-registration';

const VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** A browser with a registered worker whose PushManager hands out one subscription. */
function browser(overrides: { permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  const subscription = { endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' } };
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => ({ toJSON: () => subscription }));
  const notifications = {
    permission: overrides.permission ?? 'default',
    requestPermission: vi.fn(async () => {
      notifications.permission = overrides.answer ?? 'granted';
      return notifications.permission;
    }),
  };
  const registration = { pushManager: { subscribe } } as unknown as ServiceWorkerRegistration;
  const env: PushEnvironment = {
    serviceWorker: { getRegistration: vi.fn(async () => registration) },
    notifications: notifications as unknown as PushEnvironment['notifications'],
    framed: false,
  };
  return { env, subscribe, notifications, subscription };
}

function request(overrides: Partial<PushRegistrationRequest> = {}) {
  const sink = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), log: vi.fn() };
  const value: PushRegistrationRequest = {
    vapidKey: VAPID_KEY,
    confirm: vi.fn(async () => true),
    save: vi.fn(async () => {}),
    logger: createLogger('push', sink),
    ...overrides,
  };
  return { value, sink };
}

describe('registerPush', () => {
  it('asks, lets the browser ask, subscribes with the VAPID key and saves the serialised subscription', async () => {
    const { env, subscribe, notifications, subscription } = browser();
    const { value } = request();
    expect(await registerPush(env, value)).toEqual({ registered: true });
    expect(value.confirm).toHaveBeenCalledTimes(1);
    expect(notifications.requestPermission).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    const key = options?.applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(value.save).toHaveBeenCalledWith(JSON.stringify(subscription));
  });

  it('does not ask again when notifications are already allowed', async () => {
    const { env, notifications } = browser({ permission: 'granted' });
    const { value } = request();
    expect(await registerPush(env, value)).toEqual({ registered: true });
    expect(value.confirm).not.toHaveBeenCalled();
    expect(notifications.requestPermission).not.toHaveBeenCalled();
  });

  const skips: [string, (b: ReturnType<typeof browser>, r: PushRegistrationRequest) => void, string][] = [
    ['service workers are missing', (b) => (b.env.serviceWorker = undefined), 'service workers are missing'],
    ['the portal page is framed', (b) => (b.env.framed = true), 'the portal page is inside an iframe'],
    ['there is no Notification API', (b) => (b.env.notifications = undefined), 'notifications are not supported'],
    ['there is no VAPID key', (_b, r) => (r.vapidKey = undefined), 'there is no public push key'],
    ['the permission is denied', (b) => (b.notifications.permission = 'denied'), PERMISSION_NOT_GRANTED],
    ['the player is a guest', (_b, r) => (r.save = undefined), 'push needs a signed-in player'],
    [
      'no worker is registered',
      (b) => (b.env.serviceWorker = { getRegistration: async () => undefined }),
      'no service worker is registered',
    ],
  ];
  it.each(skips)('skips without asking when %s', async (_name, arrange, reason) => {
    const b = browser();
    const { value, sink } = request();
    arrange(b, value);
    expect(await registerPush(b.env, value)).toEqual({ registered: false, reason });
    expect(value.confirm).not.toHaveBeenCalled();
    expect(b.notifications.requestPermission).not.toHaveBeenCalled();
    expect(b.subscribe).not.toHaveBeenCalled();
    expect(sink.info).toHaveBeenCalledWith('[fxid] push:', `push subscription skipped: ${reason}`);
  });

  it('stops at cancel, and at a browser prompt that is not granted', async () => {
    const cancelled = browser();
    const { value } = request({ confirm: vi.fn(async () => false) });
    expect(await registerPush(cancelled.env, value)).toEqual({ registered: false, reason: 'the player cancelled' });
    expect(cancelled.notifications.requestPermission).not.toHaveBeenCalled();

    const refused = browser({ answer: 'denied' });
    const second = request();
    expect(await registerPush(refused.env, second.value)).toEqual({
      registered: false,
      reason: PERMISSION_NOT_GRANTED,
    });
    expect(refused.subscribe).not.toHaveBeenCalled();
    expect(second.value.save).not.toHaveBeenCalled();
  });

  it('answers registered:false when subscribing or saving fails', async () => {
    const failing = browser();
    failing.subscribe.mockRejectedValueOnce(new DOMException('push service unreachable', 'AbortError'));
    const { value } = request();
    expect(await registerPush(failing.env, value)).toEqual({
      registered: false,
      reason: 'the browser could not subscribe',
    });
    expect(value.save).not.toHaveBeenCalled();
    const unsaved = request({ save: vi.fn(async () => Promise.reject(new Error('401'))) });
    expect(await registerPush(browser().env, unsaved.value)).toEqual({
      registered: false,
      reason: 'the subscription could not be saved',
    });
  });
});

describe('base64UrlToBytes', () => {
  it('reads unpadded base64url', () => {
    expect(Array.from(base64UrlToBytes('-_8'))).toEqual([0xfb, 0xff]);
    expect(Array.from(base64UrlToBytes('AQID'))).toEqual([1, 2, 3]);
  });
});
