import { describe, expect, it } from 'vitest';
import { canOfferNotifications } from './use-notification-opt-in';

/** A window as far as the check reads it: its APIs and whether it is the top one. */
function fakeWindow({ notifications = true, serviceWorker = true, framed = false } = {}): Window {
  const win = { navigator: serviceWorker ? { serviceWorker: {} } : {} } as Record<string, unknown>;
  if (notifications) win.Notification = function Notification() {};
  win.self = win;
  win.top = framed ? {} : win;
  return win as unknown as Window;
}

describe('the landing offers notifications', () => {
  it('in a browser with notifications and a service worker, opened on its own', () => {
    expect(canOfferNotifications(fakeWindow())).toBe(true);
  });

  it.each([
    ['without the Notification API', { notifications: false }],
    ['without service workers', { serviceWorker: false }],
    ['inside another page', { framed: true }],
  ])('never %s', (_case, options) => {
    expect(canOfferNotifications(fakeWindow(options))).toBe(false);
  });
});
