import { afterAll, expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { post as postFrom } from '../../../test/connect-invites.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFirebaseKeysServer } from '../../../test/firebase-keys-server.js';
import { bearer, signIn as signInByEmail } from '../../../test/sign-in.js';

// The demo catalog's Firebase project (catalog/demo.yaml).
const PROJECT = 'fxid-demo';
const keys = await startFirebaseKeysServer();
afterAll(() => keys.close());

describeEachEngine('Moving a sign-in from one account to another (authenticate_from_import)', (engine) => {
  const getApp = useTestApp(engine, { firebase: { keysUrl: keys.url, devIssuer: false } });
  let minted = 0;
  const google = (uid: string) =>
    keys.issuer.mintIdToken({
      projectId: PROJECT,
      providerId: 'google.com',
      providerUid: uid,
      now: TEST_START - ++minted * 1000,
    });
  const post = (url: string, payload: object, token?: string) =>
    postFrom(getApp().app, url, payload, token ? bearer(token) : {});
  const byEmail = (email: string) => signInByEmail(getApp().app, getApp().database.handle.db, email);
  const byGoogle = async (uid: string) =>
    (await post('/auth/authenticate_from_firebase', { Token: await google(uid) })).json();
  const tokenFor = async (bearer: string, uid: string) =>
    (await post('/auth/create_import_token', { SocialIdentifierType: 'Google', SocialIdentifier: uid }, bearer)).json();
  const move = (bearer: string, uid: string, ImportToken: string, extra: object = {}) =>
    post(
      '/auth/authenticate_from_import',
      {
        Game: 'sky-runner',
        SocialIdentifierType: 'Google',
        SocialIdentifier: uid,
        ImportToken,
        Confirmed: true,
        ...extra,
      },
      bearer,
    );
  const transfers = () => getApp().database.handle.db.selectFrom('identity_transfers').selectAll().execute();

  it('moves Google from one account to another once, confirmed, with an audit record', async () => {
    const holder = await byEmail('holder@example.com');
    expect((await post('/auth/link_firebase', { Token: await google('g-move') }, holder)).statusCode).toBe(200);
    const holderId = (await post('/profile', {}, holder)).json().AccountId;
    const target = await byEmail('target@example.com');
    const targetId = (await post('/profile', {}, target)).json().AccountId;
    const { ImportToken } = await tokenFor(holder, 'g-move');
    const details = await post('/auth/import_details', { ImportToken }, target);
    expect(details.json()).toEqual({
      SocialIdentifierType: 'Google',
      SocialIdentifier: 'g-move',
      FromAccountId: holderId,
      FromEmail: 'holder@example.com',
    });
    const unconfirmed = await move(target, 'g-move', ImportToken, { Confirmed: false });
    expect(unconfirmed.json().ErrorCode).toBe('validation_failed');
    const moved = await move(target, 'g-move', ImportToken);
    expect(moved.statusCode).toBe(200);
    expect((await post('/profile', {}, moved.json().Token)).json().AccountId).toBe(targetId);
    // Google now signs in to the target; the holder keeps its email.
    expect((await byGoogle('g-move')).AccountId).toBe(targetId);
    expect((await post('/profile', {}, holder)).json().SocialIdentifiers).toEqual([
      { Type: 'Email', Id: 'holder@example.com' },
    ]);
    expect(await transfers()).toEqual([
      expect.objectContaining({
        identity_type: 'Google',
        identity_id: 'g-move',
        from_account_id: holderId,
        to_account_id: targetId,
        game: 'sky-runner',
      }),
    ]);
    expect((await move(target, 'g-move', ImportToken)).json().ErrorCode).toBe('invalid_token');
  });

  it('refuses what it must, changing nothing: wrong sign-in, last way in, own account, expired, Email, no session', async () => {
    const before = (await transfers()).length;
    const holder = await byEmail('holder2@example.com');
    await post('/auth/link_firebase', { Token: await google('g-kept') }, holder);
    const target = await byEmail('target2@example.com');
    // A token for one sign-in cannot move another the holder has.
    const { ImportToken } = await tokenFor(holder, 'g-kept');
    expect((await move(target, 'g-other', ImportToken)).json().ErrorCode).toBe('invalid_token');
    // Nobody can make a token for a sign-in that is not theirs.
    const notMine = await post(
      '/auth/create_import_token',
      { SocialIdentifierType: 'Google', SocialIdentifier: 'g-kept' },
      target,
    );
    expect(notMine.json().ErrorCode).toBe('not_found');
    const email = await post(
      '/auth/create_import_token',
      { SocialIdentifierType: 'Email', SocialIdentifier: 'holder2@example.com' },
      holder,
    );
    expect(email.json()).toMatchObject({
      ErrorCode: 'validation_failed',
      detail: 'SocialIdentifierType: Incorrect social identifier type',
    });
    // Onto the account that already holds it.
    const own = await tokenFor(holder, 'g-kept');
    expect((await move(holder, 'g-kept', own.ImportToken)).json().ErrorCode).toBe('validation_failed');
    // The only way into an account does not move.
    const lonely = await byGoogle('g-lonely');
    const last = await tokenFor(lonely.Token, 'g-lonely');
    const refused = await move(target, 'g-lonely', last.ImportToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorCode).toBe('last_sign_in_method');
    expect((await byGoogle('g-lonely')).AccountId).toBe(lonely.AccountId);
    // Past its 15 minutes.
    const late = await tokenFor(holder, 'g-kept');
    getApp().clock.now += 16 * 60_000;
    try {
      expect((await move(target, 'g-kept', late.ImportToken)).json().ErrorCode).toBe('expired_token');
    } finally {
      getApp().clock.now = TEST_START;
    }
    expect((await move('not-a-session', 'g-kept', ImportToken)).statusCode).toBe(401);
    expect((await move(target, 'g-kept', ImportToken, { Game: 'no-such-game' })).json().ErrorCode).toBe(
      'game_not_found',
    );
    // None of it moved anything: the holder still signs in with Google.
    const holderId = (await post('/profile', {}, holder)).json().AccountId;
    expect((await byGoogle('g-kept')).AccountId).toBe(holderId);
    expect((await transfers()).length).toBe(before);
  });
});
