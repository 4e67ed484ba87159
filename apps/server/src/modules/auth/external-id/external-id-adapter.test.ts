import { afterAll, expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { nextIp } from '../../../test/connect-invites.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFirebaseKeysServer } from '../../../test/firebase-keys-server.js';

// The demo catalog's Firebase project (catalog/demo.yaml).
const PROJECT = 'fxid-demo';
const keys = await startFirebaseKeysServer();
afterAll(() => keys.close());

describeEachEngine("A game's external-id sign-in through fxid's auth adapters", (engine) => {
  const getApp = useTestApp(engine, { firebase: { keysUrl: keys.url, devIssuer: false } });
  let minted = 0;
  const mint = (providerId: string, providerUid: string) =>
    keys.issuer.mintIdToken({ projectId: PROJECT, providerId, providerUid, now: TEST_START - ++minted * 1000 });
  const adapter = (payload: object) =>
    getApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_to_fxid_adapter_for_external_id',
      payload,
      remoteAddress: nextIp(),
    });

  it('signs in with Google through Firebase, once per token, and gives the game its tokens', async () => {
    const token = await mint('google.com', 'google-gamer');
    const signedIn = await adapter({
      AuthenticationType: 'Google',
      Game: 'sky-runner',
      FirebaseLogin: { Token: token },
    });
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json();
    expect(body.State).toBe('Authenticated');
    const checked = await getApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/validate-external-id-auth-game-access-token',
      payload: { Game: 'sky-runner', GameJwtAccessTokenJwtString: body.Tokens.GameAccessToken },
    });
    expect(checked.json().Data.AccountId).toBe(body.AccountId);
    const replay = await adapter({ AuthenticationType: 'Google', Game: 'sky-runner', FirebaseLogin: { Token: token } });
    expect(replay.json().ErrorCode).toBe('invalid_token');
  });

  it('refuses adapters it has not, a token of another provider than named, and a missing token', async () => {
    const steam = await adapter({ AuthenticationType: 'Steam', Game: 'sky-runner' });
    expect(steam.json()).toMatchObject({
      ErrorCode: 'platform_not_supported',
      detail: 'Login provider Steam is not supported.',
    });
    const mismatch = await adapter({
      AuthenticationType: 'Facebook',
      Game: 'sky-runner',
      FirebaseLogin: { Token: await mint('google.com', 'google-named-facebook') },
    });
    expect(mismatch.json().ErrorCode).toBe('validation_failed');
    expect((await adapter({ AuthenticationType: 'Google', Game: 'sky-runner' })).json().ErrorCode).toBe(
      'validation_failed',
    );
    const forged = await adapter({
      AuthenticationType: 'Google',
      Game: 'sky-runner',
      FirebaseLogin: { Token: 'a.b.c' },
    });
    expect(forged.statusCode).toBe(400);
    const count = await getApp()
      .database.handle.db.selectFrom('social_identifiers')
      .select('type')
      .where('identifier', '=', 'google-named-facebook')
      .execute();
    expect(count).toEqual([]);
  });
});
