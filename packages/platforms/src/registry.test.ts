import { describe, expect, it } from 'vitest';
import { ADAPTER_PLATFORMS, type AdapterName, type PortalFeatures } from './adapter.js';
import { ADAPTERS, loadAdapter } from './registry.js';

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

  it('loads each adapter for its own platform', async () => {
    for (const name of Object.keys(ADAPTERS) as AdapterName[]) {
      const adapter = (await loadAdapter(name))(context);
      expect(adapter.name).toBe(name);
      expect(adapter.platform).toBe(ADAPTER_PLATFORMS[name]);
    }
  });
});
