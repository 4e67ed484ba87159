import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { PRODUCTION_ENV } from '../../../test/production-env.js';
import { DEV_STEAM_KEY, STEAM_API_URL, STEAM_OPENID_URL } from './steam-config.js';

describe('Steam configuration', () => {
  it("development talks to the simulator's fake Steam on its own server, with the dev key and bridge", () => {
    const dev = loadConfig({ PUBLIC_URL: 'http://localhost:9000' });
    if (!dev.ok) throw new Error(dev.problems.join('\n'));
    expect(dev.config.platforms.steam).toMatchObject({
      apiUrl: 'http://localhost:9000/dev/hosts/steam/api',
      openIdUrl: 'http://localhost:9000/dev/hosts/steam/openid/login',
      bridgeUrl: 'dev/hosts/steam/steam-bridge.js',
      devKey: DEV_STEAM_KEY,
      sandbox: false,
    });
  });

  it('production talks to Steam, keys only from STEAM_APPS, and refuses http endpoints and bad pairs', () => {
    const live = loadConfig({
      ...PRODUCTION_ENV,
      STEAM_APPS: 'sky-runner=2400001:live-publisher-key-0123456789abcdef',
      STEAM_MICROTXN_SANDBOX: 'true',
    });
    if (!live.ok) throw new Error(live.problems.join('\n'));
    expect(live.config.platforms.steam).toMatchObject({
      apiUrl: STEAM_API_URL,
      openIdUrl: STEAM_OPENID_URL,
      bridgeUrl: undefined,
      devKey: undefined,
      sandbox: true,
      apps: { 'sky-runner': { appId: '2400001', secrets: ['live-publisher-key-0123456789abcdef'] } },
    });
    const plain = loadConfig({
      ...PRODUCTION_ENV,
      STEAM_API_URL: 'http://partner.steam-api.com',
      STEAM_OPENID_URL: 'http://steamcommunity.com/openid/login',
    });
    expect(plain.ok ? [] : plain.problems).toEqual(
      expect.arrayContaining([
        'STEAM_API_URL: must be an https URL in production',
        'STEAM_OPENID_URL: must be an https URL in production',
      ]),
    );
    expect(loadConfig({ STEAM_APPS: 'sky-runner=not-numeric:live-publisher-key-0123456789' }).ok).toBe(false);
    expect(loadConfig({ STEAM_APPS: 'sky-runner=2400001:short' }).ok).toBe(false);
  });
});
