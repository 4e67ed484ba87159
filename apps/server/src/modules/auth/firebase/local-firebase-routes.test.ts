import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';

// The demo catalog's Firebase web app (catalog/demo.yaml).
const API_KEY = 'demo-firebase-api-key';
const assertion = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('Firebase Auth stand-in of the development server', () => {
  const getApp = useTestApp('sqlite');
  const signInWithIdp = (postBody: string, key = API_KEY) =>
    getApp().app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${key}`,
      payload: { postBody, requestUri: 'http://localhost', returnSecureToken: true },
    });

  it("answers signInWithIdp with an RS256 ID token of the catalog's project, signed by its published key", async () => {
    const response = await signInWithIdp(
      `id_token=${assertion({ sub: 'g-1', email: 'ann@example.com', name: 'Ann' })}&providerId=google.com`,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ federatedId: 'g-1', providerId: 'google.com', expiresIn: '3600' });
    const header = decodeProtectedHeader(body.idToken);
    expect(header.alg).toBe('RS256');
    expect(decodeJwt(body.idToken)).toMatchObject({
      iss: 'https://securetoken.google.com/fxid-demo',
      aud: 'fxid-demo',
      sub: body.localId,
      firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['g-1'] } },
    });
    const jwks = await getApp().app.inject('/dev/firebase/jwks');
    expect(jwks.headers['cache-control']).toBe('public, max-age=3600');
    expect(jwks.json().keys.map((key: { kid: string }) => key.kid)).toEqual([header.kid]);

    const lookup = await getApp().app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:lookup?key=${API_KEY}`,
      payload: { idToken: body.idToken },
    });
    expect(lookup.json().users[0]).toMatchObject({
      localId: body.localId,
      providerUserInfo: [{ providerId: 'google.com', rawId: 'g-1' }],
    });
  });

  it('refuses another API key, an unknown provider and an assertion without a subject, as Identity Toolkit does', async () => {
    const google = `id_token=${assertion({ sub: 'g-1' })}&providerId=google.com`;
    expect((await signInWithIdp(google, 'other-key')).json().error.message).toBe('API_KEY_INVALID');
    const github = `id_token=${assertion({ sub: 'g-1' })}&providerId=github.com`;
    expect((await signInWithIdp(github)).json().error.message).toBe('INVALID_IDP_RESPONSE');
    const anonymous = `id_token=${assertion({ name: 'x' })}&providerId=google.com`;
    expect((await signInWithIdp(anonymous)).json().error.message).toBe('INVALID_IDP_RESPONSE');
  });

  it('serves the provider chooser page and its script', async () => {
    const page = await getApp().app.inject('/dev/firebase/sign-in?provider=apple.com');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in with Apple');
    const script = await getApp().app.inject('/dev/firebase/sign-in.js');
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('fxid:local-firebase-credential');
    expect((await getApp().app.inject('/dev/firebase/sign-in?provider=github.com')).statusCode).toBe(400);
  });
});
