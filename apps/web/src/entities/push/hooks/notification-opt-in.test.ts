import { describe, expect, it } from 'vitest';
import { canAskForNotifications, type PushEnvironment } from '../push-registration';

/** The page's push environment as far as the check reads it. */
function fakeEnvironment({ notifications = true, serviceWorker = true, framed = false } = {}): PushEnvironment {
  return {
    serviceWorker: serviceWorker ? { getRegistration: async () => undefined } : undefined,
    notifications: notifications ? { permission: 'default', requestPermission: async () => 'default' } : undefined,
    framed,
  };
}

describe('the landing offers notifications', () => {
  it('in a browser with notifications and a service worker, opened on its own', () => {
    expect(canAskForNotifications(fakeEnvironment())).toBe(true);
  });

  it.each([
    ['without the Notification API', { notifications: false }],
    ['without service workers', { serviceWorker: false }],
    ['inside another page', { framed: true }],
  ])('never %s', (_case, options) => {
    expect(canAskForNotifications(fakeEnvironment(options))).toBe(false);
  });
});
