import type { TestApp } from './app.js';

/** What the simulator's tests POST with: JSON to the app, as the player's page when a bearer token is given. */
export type HostPost = ReturnType<typeof hostPost>;

/** POSTs JSON to the app as a host page or the portal does; with a token, as that signed-in player. */
export function hostPost(testApp: () => TestApp) {
  return (url: string, payload: Record<string, unknown>, token?: string) =>
    testApp().app.inject({
      method: 'POST',
      url,
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
}

/**
 * The portal's calls around a host platform's purchase, for one signed-in player of Sky Runner:
 * the order it starts before the host's payment window, and the purchase it finds once the host paid.
 */
export function platformPurchases(post: HostPost, platform: string, token: string) {
  return {
    start: async (sku: string, extra: Record<string, unknown> = {}) =>
      (
        await post('/api/v1/platforms/payment', { Game: 'sky-runner', Platform: platform, Sku: sku, ...extra }, token)
      ).json(),
    found: async (orderId: string) =>
      (
        await post('/api/v1/platforms/purchase', { Game: 'sky-runner', Platform: platform, OrderId: orderId }, token)
      ).json().Purchase,
  };
}
