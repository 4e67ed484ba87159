import { describe, expectTypeOf, it } from 'vitest';
import type { HostHandlers } from './host-types.js';
import type { GameInfo, PurchaseResult } from './models.js';
import { createFxidSdk } from './sdk.js';

// Compile-time checks: `tsc -p packages/sdk` fails if the typed API drifts.
/** The SDK is never initialised here, so every call rejects; only the types matter. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

describe('typed API', () => {
  it('infers params and results from MethodMap', () => {
    const sdk = createFxidSdk();
    expectTypeOf(quiet(sdk.call('getInfo'))).resolves.toEqualTypeOf<GameInfo>();
    expectTypeOf(quiet(sdk.buyProduct('stars_100'))).resolves.toEqualTypeOf<PurchaseResult>();
    expectTypeOf(quiet(sdk.call('ads.showVideo'))).resolves.toEqualTypeOf<{
      outcome: 'Finished' | 'Skipped' | 'Failed';
    }>();
    sdk.call('ads.showVideo', { placement: 'shop' }, { timeoutMs: 5000 }).catch(() => {});
    // @ts-expect-error buyProduct needs its params
    sdk.call('buyProduct').catch(() => {});
    // @ts-expect-error unknown method
    sdk.call('ads.showBanner').catch(() => {});
    // @ts-expect-error getInfo takes no params
    sdk.call('getInfo', { x: 1 }).catch(() => {});
    sdk.on('accountChanged', (payload) => expectTypeOf(payload.newAccountId).toEqualTypeOf<string | null>());
  });

  it('shapes host handlers as nested objects', () => {
    const handlers: HostHandlers = {
      getInfo: () => ({}) as GameInfo,
      stat: { event: ({ section }) => void section },
      ads: { isVideoReady: async () => true },
    };
    expectTypeOf(handlers.ads).toMatchTypeOf<{ isVideoReady?: unknown } | undefined>();
    // @ts-expect-error wrong result type
    const wrong: HostHandlers = { ads: { isVideoReady: () => 'yes' } };
    void wrong;
  });
});
