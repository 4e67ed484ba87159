import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { sealingKey } from '../../lib/sealed-text.js';
import { PRODUCTION_ENV as PRODUCTION } from '../../test/production-env.js';
import { myGamesAppOf } from '../auth/mygames/mygames-config.js';
import { DEV_DATA_ENCRYPTION_KEY, TWITCH_ID_URL, twitchAppOf } from './connections-config.js';

const TWITCH_APPS = 'sky-runner=skyrunnerclient01:live-twitch-client-secret-0001';

describe('Twitch, MY.GAMES and sealed-token configuration', () => {
  it('development seals with the dev key and uses the stand-ins of Twitch and MY.GAMES unless given addresses', () => {
    const dev = loadConfig({});
    if (!dev.ok) throw new Error(dev.problems.join('\n'));
    expect(dev.config.dataConnections.twitch).toEqual({
      apps: {},
      idUrl: 'http://localhost:8080/dev/twitch',
      devStandIn: true,
    });
    expect(dev.config.dataConnections.sealingKey).toEqual(sealingKey(DEV_DATA_ENCRYPTION_KEY));
    expect(dev.config.myGames).toEqual({ apps: {}, oauthUrl: 'http://localhost:8080/dev/mygames', devStandIn: true });
    // The stand-in's clients are named after the games; an entry of the game's own wins.
    expect(twitchAppOf(dev.config.dataConnections, 'gem-garden')?.appId).toBe('gem-garden');
    expect(myGamesAppOf(dev.config.myGames, 'gem-garden')?.appId).toBe('gem-garden');
    const real = loadConfig({
      TWITCH_ID_URL: 'https://id.twitch.tv',
      MYGAMES_OAUTH_URL: 'https://oauth.mygames.example',
      MYGAMES_APPS: 'sky-runner=client.1:live-mygames-secret-0001',
    });
    if (!real.ok) throw new Error(real.problems.join('\n'));
    expect(real.config.dataConnections.twitch).toEqual({ apps: {}, idUrl: TWITCH_ID_URL });
    expect(twitchAppOf(real.config.dataConnections, 'gem-garden')).toBeUndefined();
    expect(myGamesAppOf(real.config.myGames, 'gem-garden')).toBeUndefined();
    expect(myGamesAppOf(real.config.myGames, 'sky-runner')?.appId).toBe('client.1');
  });

  it('production needs its own sealing key with Twitch apps, https endpoints, and MY.GAMES with its address', () => {
    const problems = (env: Record<string, string>) => {
      const result = loadConfig({ ...PRODUCTION, ...env });
      return result.ok ? [] : result.problems;
    };
    expect(problems({ TWITCH_APPS })).toEqual(['DATA_ENCRYPTION_KEY: required in production when TWITCH_APPS is set']);
    expect(problems({ TWITCH_APPS, DATA_ENCRYPTION_KEY: DEV_DATA_ENCRYPTION_KEY })).toEqual([
      'DATA_ENCRYPTION_KEY: the development key cannot be used in production',
    ]);
    expect(
      problems({ TWITCH_APPS, DATA_ENCRYPTION_KEY: 'k'.repeat(40), TWITCH_ID_URL: 'http://id.twitch.example' }),
    ).toEqual(['TWITCH_ID_URL: must be https:// in production']);
    expect(problems({ MYGAMES_APPS: 'sky-runner=client.1:live-mygames-secret-0001' })).toEqual([
      'MYGAMES_OAUTH_URL: required when MYGAMES_APPS is set',
    ]);
    const live = loadConfig({
      ...PRODUCTION,
      TWITCH_APPS,
      DATA_ENCRYPTION_KEY: 'k'.repeat(40),
      MYGAMES_APPS: 'sky-runner=client.1:live-mygames-secret-0001',
      MYGAMES_OAUTH_URL: 'https://oauth.mygames.example/',
    });
    if (!live.ok) throw new Error(live.problems.join('\n'));
    expect(live.config.dataConnections.twitch.apps['sky-runner']).toEqual({
      appId: 'skyrunnerclient01',
      secrets: ['live-twitch-client-secret-0001'],
    });
    expect(live.config.myGames.oauthUrl).toBe('https://oauth.mygames.example');
    expect(problems({ TWITCH_APPS: 'sky-runner=bad id:short' })[0]).toMatch(/^TWITCH_APPS\.0: Expected game=clientId/);
  });
});
