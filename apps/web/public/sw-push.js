// Web Push for the portal's service worker (imported by the generated sw.js through
// workbox importScripts). The server sends {title, body, url} (apps/server/src/modules/push/push-notice.ts).
/* global self, clients */

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof notice.title === 'string' && notice.title ? notice.title : 'fxid';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      icon: new URL('brand/logo.svg', self.registration.scope).href,
      data: { url: typeof notice.url === 'string' ? notice.url : '' },
    }),
  );
});

/** The page a click opens: the notice's url resolved against the portal, http(s) only; else the portal itself. */
function targetUrl(url) {
  try {
    const target = new URL(url || './', self.registration.scope);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : self.registration.scope;
  } catch {
    return self.registration.scope;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data?.url);
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url && 'focus' in client);
      if (open) return open.focus();
      return clients.openWindow(url);
    }),
  );
});
