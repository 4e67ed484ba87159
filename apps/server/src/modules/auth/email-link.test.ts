import { afterAll, expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { startFirebaseKeysServer } from '../../test/firebase-keys-server.js';
import { latestInviteToken, signIn as signInByEmail, TEST_BROWSER_NONCE } from '../../test/sign-in.js';

const keys = await startFirebaseKeysServer();
afterAll(() => keys.close());

describeEachEngine('Adding an email address to a signed-in account (POST /auth/link_email)', (engine) => {
  const getApp = useTestApp(engine, { firebase: { keysUrl: keys.url, devIssuer: false } });
  let minted = 0;
  let addresses = 0;
  const post = (url: string, payload: unknown, bearer?: string) =>
    getApp().app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      remoteAddress: `10.5.0.${++addresses % 250}`,
    });
  /** A new player known by Google only. */
  const googlePlayer = async (uid: string) => {
    const token = await keys.issuer.mintIdToken({
      projectId: 'fxid-demo',
      providerId: 'google.com',
      providerUid: uid,
      now: TEST_START - ++minted * 1000,
    });
    return (await post('/api/v1/auth/authenticate_from_firebase', { Token: token })).json() as {
      Token: string;
      AccountId: string;
    };
  };
  const askToLink = (bearer: string, email: string) =>
    post(
      '/api/v1/auth/link_email',
      { Email: email, CaptchaResult: 'dev-token', BrowserNonce: TEST_BROWSER_NONCE },
      bearer,
    );
  const openLink = async (email: string, proof: Record<string, unknown> = { BrowserNonce: TEST_BROWSER_NONCE }) =>
    post('/api/v1/auth/authenticate_from_email_invite', {
      InviteToken: await latestInviteToken(getApp().database.handle.db, email),
      ...proof,
    });

  it('adds the address once the link is opened in the asking browser; then email signs in to that account', async () => {
    const player = await googlePlayer('g-email-1');
    expect((await askToLink(player.Token, 'Linked.Player@example.com')).statusCode).toBe(200);
    const opened = await openLink('Linked.Player@example.com');
    expect(opened.statusCode).toBe(200);
    const profile = (await post('/api/v1/profile', {}, opened.json().Token)).json();
    expect(profile).toMatchObject({
      AccountId: player.AccountId,
      Email: 'Linked.Player@example.com',
      EmailValidated: true,
    });
    expect(profile.SocialIdentifiers).toEqual([
      { Type: 'Google', Id: 'g-email-1' },
      { Type: 'Email', Id: 'linked.player@example.com' },
    ]);
    const { app, database } = getApp();
    const viaEmail = await signInByEmail(app, database.handle.db, 'linked.player@example.com');
    expect((await post('/api/v1/profile', {}, viaEmail)).json().AccountId).toBe(player.AccountId);
  });

  it('is not spent by another browser, even one that confirms', async () => {
    const player = await googlePlayer('g-email-2');
    await askToLink(player.Token, 'elsewhere@example.com');
    const confirmed = await openLink('elsewhere@example.com', { Confirmed: true });
    expect(confirmed.statusCode).toBe(403);
    expect((await post('/api/v1/profile', {}, player.Token)).json().Email).toBeNull();
    expect((await openLink('elsewhere@example.com')).statusCode).toBe(200);
  });

  it('refuses an address another account has, and an account that has one; nothing changes', async () => {
    const { app, database } = getApp();
    const owner = await signInByEmail(app, database.handle.db, 'taken@example.com');
    const player = await googlePlayer('g-email-3');
    await askToLink(player.Token, 'taken@example.com');
    const taken = await openLink('taken@example.com');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ ErrorCode: 'identity_taken' });
    expect((await post('/api/v1/profile', {}, player.Token)).json().SocialIdentifiers).toHaveLength(1);
    const again = await askToLink(owner, 'second@example.com');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ErrorCode: 'conflict' });
    expect((await askToLink('', 'x@example.com')).statusCode).toBe(401);
  });
});
