import { afterAll, expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFirebaseKeysServer } from '../../../test/firebase-keys-server.js';
import { signIn as signInByEmail } from '../../../test/sign-in.js';

// The demo catalog's Firebase project (catalog/demo.yaml).
const PROJECT = 'fxid-demo';
const keys = await startFirebaseKeysServer();
afterAll(() => keys.close());

describeEachEngine('Adding a Google, Apple or Facebook sign-in to an account', (engine) => {
  const getApp = useTestApp(engine, { firebase: { keysUrl: keys.url, devIssuer: false } });

  // Tokens of one user issued a second apart, as Firebase issues fresh ones (the same claims would sign alike).
  let minted = 0;
  const mint = (providerId: string, providerUid: string) =>
    keys.issuer.mintIdToken({ projectId: PROJECT, providerId, providerUid, now: TEST_START - ++minted * 1000 });
  let addresses = 0;
  const post = (url: string, payload: unknown, bearer?: string) =>
    getApp().app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      remoteAddress: `10.3.0.${++addresses}`,
    });
  const signInWithFirebase = async (token: string) => post('/api/v1/auth/authenticate_from_firebase', { Token: token });
  const link = (bearer: string, token: string) => post('/api/v1/auth/link_firebase', { Token: token }, bearer);
  const identityRows = async () =>
    (await getApp().database.handle.db.selectFrom('social_identifiers').select(['account_id', 'type']).execute())
      .length;

  it('links Apple to an email account: both sign in to it, and the profile lists both', async () => {
    const { app, database } = getApp();
    const bearer = await signInByEmail(app, database.handle.db, 'linker@example.com');
    const account = (await post('/api/v1/profile', {}, bearer)).json();
    const linked = await link(bearer, await mint('apple.com', 'apple-linked'));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().SocialIdentifiers).toEqual([
      { Type: 'Email', Id: 'linker@example.com' },
      { Type: 'Apple', Id: 'apple-linked' },
    ]);
    const viaApple = await signInWithFirebase(await mint('apple.com', 'apple-linked'));
    expect(viaApple.json().AccountId).toBe(account.AccountId);
    // Linking again what the account holds changes nothing.
    expect((await link(bearer, await mint('apple.com', 'apple-linked'))).statusCode).toBe(200);
    expect((await post('/api/v1/profile', {}, bearer)).json().SocialIdentifiers).toHaveLength(2);
  });

  it('refuses an identity another account holds, and leaves it there', async () => {
    const owner = (await signInWithFirebase(await mint('google.com', 'google-owned'))).json();
    const other = (await signInWithFirebase(await mint('facebook.com', 'fb-other'))).json();
    const before = await identityRows();
    const refused = await link(other.Token, await mint('google.com', 'google-owned'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ErrorCode: 'identity_taken', L10NKey: 'errors.identity_taken' });
    expect(await identityRows()).toBe(before);
    const stillOwner = await signInWithFirebase(await mint('google.com', 'google-owned'));
    expect(stillOwner.json().AccountId).toBe(owner.AccountId);
  });

  it('needs a signed-in player and a valid, unspent token', async () => {
    const token = await mint('google.com', 'google-anonymous');
    expect((await post('/api/v1/auth/link_firebase', { Token: token })).statusCode).toBe(401);
    const player = (await signInWithFirebase(await mint('facebook.com', 'fb-player'))).json();
    const spent = await mint('google.com', 'google-spent');
    expect((await signInWithFirebase(spent)).statusCode).toBe(200);
    const before = await identityRows();
    const replay = await link(player.Token, spent);
    expect(replay.json().ErrorCode).toBe('invalid_token');
    const [header, payload] = (await mint('google.com', 'google-forged')).split('.');
    expect((await link(player.Token, `${header}.${payload}.AAAA`)).json().ErrorCode).toBe('invalid_token');
    expect(await identityRows()).toBe(before);
  });

  it('removes a way to sign in, but never the last one', async () => {
    const player = (await signInWithFirebase(await mint('google.com', 'google-remover'))).json();
    const remove = (Type: string, Id: string) =>
      post('/api/v1/profile/remove_sign_in_method', { Type, Id }, player.Token);
    const last = await remove('Google', 'google-remover');
    expect(last.statusCode).toBe(409);
    expect(last.json().ErrorCode).toBe('last_sign_in_method');

    expect((await link(player.Token, await mint('facebook.com', 'fb-remover'))).statusCode).toBe(200);
    // Another account's identity is not this account's to remove, and says nothing about it.
    expect((await remove('Google', 'google-owned')).statusCode).toBe(404);
    const removed = await remove('Google', 'google-remover');
    expect(removed.statusCode).toBe(200);
    expect(removed.json().SocialIdentifiers).toEqual([{ Type: 'Facebook', Id: 'fb-remover' }]);
    // The removed identity now makes an account of its own; Facebook still reaches this one.
    const viaGoogle = (await signInWithFirebase(await mint('google.com', 'google-remover'))).json();
    expect(viaGoogle.AccountId).not.toBe(player.AccountId);
    const viaFacebook = (await signInWithFirebase(await mint('facebook.com', 'fb-remover'))).json();
    expect(viaFacebook.AccountId).toBe(player.AccountId);
    expect((await remove('Facebook', 'fb-remover')).json().ErrorCode).toBe('last_sign_in_method');
  });
});
