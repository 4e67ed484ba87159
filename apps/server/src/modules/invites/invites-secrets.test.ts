import { expect, it } from 'vitest';
import { DEV_GAME_SECRET } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { post, proofFor } from '../../test/connect-invites.js';
import { describeEachEngine } from '../../test/databases.js';

const CONFIGURED = 'sky-runner-configured-secret-0123';

describeEachEngine('game connection secrets', (engine) => {
  // As in production: only the configured secret counts, and there is no dev fallback.
  const testApp = useTestApp(engine, {
    gameSecrets: { byGame: { 'sky-runner': ['old-sky-runner-secret-0123', CONFIGURED] }, devFallback: undefined },
  });
  const status = (game: string, secret: string) => {
    const { app, clock } = testApp();
    return post(app, '/invite/status', {
      GameSystemName: game,
      GameUid: 'p1',
      GameUidProof: proofFor(clock.now, game, 'p1', secret),
    });
  };

  it('accepts proofs made with any configured secret of the game', async () => {
    expect((await status('sky-runner', CONFIGURED)).json().State).toBe('NotConnected');
    expect((await status('sky-runner', 'old-sky-runner-secret-0123')).json().State).toBe('NotConnected');
  });

  it('refuses the dev secret once secrets are configured', async () => {
    expect((await status('sky-runner', DEV_GAME_SECRET)).json().ErrorCode).toBe('forbidden');
  });

  it('is unavailable for a game without a secret', async () => {
    const answer = await status('gem-garden', DEV_GAME_SECRET);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().ErrorCode).toBe('service_unavailable');
  });
});
