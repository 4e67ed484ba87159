import { describe, expect, it } from 'vitest';
import { ADAPTER_PLATFORMS, type AdapterName, type PortalFeatures } from './adapter.js';
import { ADAPTERS, BUILT_ADAPTERS, loadAdapter } from './registry.js';

const context = {
  game: 'sky-runner',
  launchQuery: '',
  locale: () => 'en',
  portal: {} as PortalFeatures,
  scriptUrls: {},
  verifySignedPurchases: async () => [],
  log: () => {},
};

describe('the adapter registry', () => {
  it('names the fifteen adapters of the spec, each for its platform', () => {
    expect(Object.keys(ADAPTERS).sort()).toEqual(Object.keys(ADAPTER_PLATFORMS).sort());
    expect(Object.keys(ADAPTERS)).toHaveLength(15);
    for (const name of Object.keys(ADAPTERS) as AdapterName[]) {
      expect(typeof ADAPTERS[name]).toBe('function');
    }
  });

  it("refuses an unknown adapter with the spec's error instead of falling back to fxid", async () => {
    await expect(loadAdapter('myspace')).rejects.toMatchObject({
      code: 'unsupported',
      message: 'Unsupported adapter for myspace',
    });
  });

  it('loads each built adapter for its own platform', async () => {
    for (const name of BUILT_ADAPTERS) {
      const adapter = (await loadAdapter(name))(context);
      expect(adapter.name).toBe(name);
      expect(adapter.platform).toBe(ADAPTER_PLATFORMS[name]);
    }
  });

  it('answers every platform call of an adapter not built yet with Unsupported adapter for {platform}', async () => {
    const adapter = (await loadAdapter('fxlauncher'))(context);
    await adapter.init();
    expect(adapter).toMatchObject({ platform: 'FxLauncher', paymentsAvailable: false, abilities: [] });
    const refusal = { code: 'unsupported', message: 'Unsupported adapter for FxLauncher' };
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject(refusal);
    await expect(adapter.ads.showVideo()).rejects.toMatchObject(refusal);
    await expect(adapter.friends()).rejects.toMatchObject(refusal);
    await expect(adapter.share('https://x.example')).rejects.toMatchObject(refusal);
    expect(await adapter.ads.isVideoReady()).toBe(false);
  });
});
