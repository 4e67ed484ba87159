import { expect, vi } from 'vitest';
import type { PlatformAdapter } from './adapter.js';

/**
 * What every host adapter's tests check of a page that no host frames (window.parent is the window
 * itself, with `window`'s other properties): init loads nothing, nobody is signed in, no payments or
 * abilities are offered, and a purchase of `sku` rejects with `not_available`.
 */
export async function expectNothingOutsideAFrame(
  make: () => PlatformAdapter,
  sku = 'stars_100',
  window: Record<string, unknown> = {},
): Promise<void> {
  const alone: Record<string, unknown> = { ...window };
  alone.parent = alone;
  vi.stubGlobal('window', alone);
  const adapter = make();
  await adapter.init();
  expect(adapter).toMatchObject({ paymentsAvailable: false, abilities: [] });
  expect(adapter.signInPayload()).toBeNull();
  await expect(adapter.purchase(sku)).rejects.toMatchObject({ code: 'not_available' });
}
