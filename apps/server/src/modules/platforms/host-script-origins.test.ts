import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { PRODUCTION_ENV } from '../../test/production-env.js';
import { hostScriptOrigins } from './platform-configs.js';

describe("the hosts' scripts in the CSP", () => {
  it('adds nothing in development, where the simulator serves every host script from the portal itself', () => {
    const dev = loadConfig({ PUBLIC_URL: 'http://localhost:9000' });
    if (!dev.ok) throw new Error(dev.problems.join('\n'));
    expect(hostScriptOrigins(dev.config.platforms)).toEqual([]);
  });

  it("allows each host's own script origin in production, once each", () => {
    const live = loadConfig(PRODUCTION_ENV);
    if (!live.ok) throw new Error(live.problems.join('\n'));
    const origins = hostScriptOrigins(live.config.platforms);
    expect(origins).toEqual(
      expect.arrayContaining([
        'https://api.ok.ru',
        'https://sdk.crazygames.com',
        'https://cdn1.kongregate.com',
        'https://connect.facebook.net',
      ]),
    );
    expect(new Set(origins).size).toBe(origins.length);
    expect(origins.every((origin) => origin.startsWith('https://'))).toBe(true);
  });

  it('takes a self-hosted copy of a script as the portal origin, adding nothing', () => {
    const live = loadConfig({ ...PRODUCTION_ENV, OK_FAPI_URL: '/fapi5.js' });
    if (!live.ok) throw new Error(live.problems.join('\n'));
    expect(hostScriptOrigins(live.config.platforms)).not.toContain('https://api.ok.ru');
  });
});
