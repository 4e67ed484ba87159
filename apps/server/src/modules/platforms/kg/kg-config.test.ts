import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { PRODUCTION_ENV } from '../../../test/production-env.js';
import { KONGREGATE_API_URL, KONGREGATE_SCRIPT_URL } from './kg-config.js';

describe('Kongregate configuration', () => {
  it("development talks to the simulator's fake Kongregate on its own server", () => {
    const dev = loadConfig({ PUBLIC_URL: 'http://localhost:9000' });
    if (!dev.ok) throw new Error(dev.problems.join('\n'));
    expect(dev.config.platforms.kg).toMatchObject({
      apiUrl: 'http://localhost:9000/dev/hosts/kg',
      scriptUrl: 'dev/hosts/kg/kongregate_api.js',
      devApiKeyPrefix: 'dev-kongregate-api-key-not-for-production:',
    });
  });

  it('production talks to Kongregate, keys only from KONGREGATE_API_KEYS, and refuses an http API', () => {
    const live = loadConfig({ ...PRODUCTION_ENV, KONGREGATE_API_KEYS: 'gem-garden=live-key-123' });
    if (!live.ok) throw new Error(live.problems.join('\n'));
    expect(live.config.platforms.kg).toMatchObject({
      apiUrl: KONGREGATE_API_URL,
      scriptUrl: KONGREGATE_SCRIPT_URL,
      devApiKeyPrefix: undefined,
      apiKeys: { 'gem-garden': 'live-key-123' },
    });
    const plain = loadConfig({ ...PRODUCTION_ENV, KONGREGATE_API_URL: 'http://api.kongregate.com' });
    expect(plain.ok ? [] : plain.problems).toContain('KONGREGATE_API_URL: must be an https URL in production');
    expect(loadConfig({ KONGREGATE_API_KEYS: 'gem-garden=short' }).ok).toBe(false);
  });
});
