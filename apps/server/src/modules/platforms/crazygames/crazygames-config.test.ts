import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { PRODUCTION_ENV } from '../../../test/production-env.js';
import { CRAZYGAMES_PUBLIC_KEY_URL, CRAZYGAMES_SDK_URL } from './crazygames-config.js';

describe('CrazyGames configuration', () => {
  it("development fetches the simulator's key from its own server and loads the SDK stand-in", () => {
    const dev = loadConfig({ PUBLIC_URL: 'http://localhost:9000' });
    if (!dev.ok) throw new Error(dev.problems.join('\n'));
    expect(dev.config.platforms.crazygames).toMatchObject({
      publicKeyUrl: 'http://localhost:9000/dev/hosts/crazygames/publicKey.json',
      sdkUrl: 'dev/hosts/crazygames/sdk.js',
      devGameIdPrefix: 'sim-crazygames-',
    });
  });

  it("production takes CrazyGames' own key and SDK, game ids only from CRAZYGAMES_GAME_IDS, and refuses a key over http", () => {
    const live = loadConfig({ ...PRODUCTION_ENV, CRAZYGAMES_GAME_IDS: 'sky-runner=abc123' });
    if (!live.ok) throw new Error(live.problems.join('\n'));
    expect(live.config.platforms.crazygames).toMatchObject({
      publicKeyUrl: CRAZYGAMES_PUBLIC_KEY_URL,
      sdkUrl: CRAZYGAMES_SDK_URL,
      devGameIdPrefix: undefined,
      gameIds: { 'sky-runner': 'abc123' },
    });
    const plain = loadConfig({ ...PRODUCTION_ENV, CRAZYGAMES_PUBLIC_KEY_URL: 'http://127.0.0.1:9000/publicKey.json' });
    expect(plain.ok ? [] : plain.problems).toContain('CRAZYGAMES_PUBLIC_KEY_URL: must be an https URL in production');
    expect(loadConfig({ CRAZYGAMES_GAME_IDS: 'sky-runner' }).ok).toBe(false);
  });
});
