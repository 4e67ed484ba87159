import { createHash, randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';

describeEachEngine("Development's VK ID stand-in (/dev/vkid)", (engine) => {
  const getApp = useTestApp(engine);

  it('plays the consent page and the token endpoint for the catalog app, with the redirect the server registered', async () => {
    const { app } = getApp();
    const verifier = randomBytes(32).toString('base64url');
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/vkid/start',
      payload: {
        CodeChallenge: createHash('sha256').update(verifier).digest('base64url'),
        BrowserNonce: randomBytes(32).toString('base64url'),
      },
    });
    const authorizeUrl = new URL(started.json().AuthorizeUrl);
    expect(authorizeUrl.pathname).toBe('/dev/vkid/authorize');
    const page = await app.inject({ method: 'GET', url: `${authorizeUrl.pathname}${authorizeUrl.search}` });
    expect(page.body).toContain('Sign in with VK ID');
    const allowed = await app.inject({
      method: 'POST',
      url: '/dev/vkid/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        query: authorizeUrl.search.slice(1),
        user_id: '555',
        first_name: 'Dev',
      }).toString(),
    });
    expect(allowed.statusCode).toBe(302);
    const back = new URL(allowed.headers.location as string);
    expect(back.pathname).toBe('/api/v1/auth/authenticate_to_fxid');
    expect(back.searchParams.get('state')).toBe(started.json().State);
    const token = await app.inject({
      method: 'POST',
      url: '/dev/vkid/oauth2/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        code_verifier: verifier,
        client_id: '51999999',
        device_id: back.searchParams.get('device_id') ?? '',
        redirect_uri: started.json().RedirectUrl,
        state: started.json().State,
      }).toString(),
    });
    expect(token.json()).toMatchObject({ user_id: 555, state: started.json().State });
  });

  it('refuses an app the catalog does not name', async () => {
    const refused = await getApp().app.inject({
      method: 'POST',
      url: '/dev/vkid/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ query: 'client_id=1&redirect_uri=x', user_id: '555' }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Unknown client_id');
  });
});
