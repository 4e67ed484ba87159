import { expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { TEMP_TOKEN_TTL_MS } from './temp-tokens.js';

/** Redirect targets an attacker would try (security matrix rows 37–38). */
const HOSTILE_REDIRECTS = [
  '//evil.com',
  '/\\evil.com',
  '%2F%2Fevil.com',
  'https:evil.com',
  'https://localhost:8080.evil.com/',
  'https://localhost:8080@evil.com/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '/ok\t//evil.com',
  'java\nscript:alert(1)',
  'http://evil.com/callback?code=x',
  'https://localhost/',
  '/..//evil.example/phish',
  '/%2e%2e//evil.example/phish',
];

describeEachEngine('temp tokens', (engine) => {
  const testApp = useTestApp(engine, { redirectAllowlist: ['https://pay.example.com'] });

  async function create(token: string, RedirectUri: string, extra: Record<string, string> = {}) {
    return testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/create_temp_token',
      headers: bearer(token),
      payload: { RedirectUri, ...extra },
    });
  }
  const consume = (TempToken: string) =>
    testApp().app.inject({ method: 'POST', url: '/api/v1/auth/authenticate_from_temp_token', payload: { TempToken } });

  it('carries a session to another page once, with its data', async () => {
    const { app, database } = testApp();
    const session = await signIn(app, database.handle.db, 'temp@example.com');
    const created = await create(session, '/Store/Return/ord-1', {
      OrderPublicId: 'ord-1',
      MerchantRedirectType: 'Return',
    });
    expect(created.statusCode).toBe(200);
    const { TempToken } = created.json();
    const used = await consume(TempToken);
    expect(used.statusCode).toBe(200);
    expect(used.json().TempTokenData).toEqual({
      redirect_uri: '/Store/Return/ord-1',
      order_public_id: 'ord-1',
      merchant_redirect_type: 'Return',
    });
    const newSession = used.json().Token;
    expect(newSession).not.toBe(session);
    const profile = await app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(newSession) });
    expect(profile.json().Email).toBe('temp@example.com');
    expect((await consume(TempToken)).json().ErrorCode).toBe('invalid_token');
  });

  it('expires after five minutes', async () => {
    const { app, database, clock } = testApp();
    const session = await signIn(app, database.handle.db, 'temp-late@example.com');
    const { TempToken } = (await create(session, '/')).json();
    clock.now += TEMP_TOKEN_TTL_MS + 1;
    try {
      expect((await consume(TempToken)).json().ErrorCode).toBe('expired_token');
    } finally {
      clock.now = TEST_START;
    }
  });

  it('keeps same-origin paths and allowed origins', async () => {
    const { app, database } = testApp();
    const session = await signIn(app, database.handle.db, 'temp-ok@example.com');
    for (const [given, kept] of [
      ['/play/sky-runner?x=1#top', '/play/sky-runner?x=1#top'],
      ['http://localhost:8080/Profile', '/Profile'],
      ['https://pay.example.com/done?order=1', 'https://pay.example.com/done?order=1'],
    ]) {
      const { TempToken } = (await create(session, given as string)).json();
      expect((await consume(TempToken)).json().TempTokenData.redirect_uri).toBe(kept);
    }
  });

  it.each(HOSTILE_REDIRECTS)('refuses the redirect %j', async (target) => {
    const { app, database } = testApp();
    const session = await signIn(app, database.handle.db, `temp-${HOSTILE_REDIRECTS.indexOf(target)}@example.com`);
    const response = await create(session, target);
    if (target === '%2F%2Fevil.com') {
      // A relative path on our own site, however odd: it stays here.
      expect(response.statusCode).toBe(200);
      const { TempToken } = response.json();
      expect((await consume(TempToken)).json().TempTokenData.redirect_uri).toBe('/%2F%2Fevil.com');
      return;
    }
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorCode).toBe('redirect_not_allowed');
  });

  it('row 17: signing out ends the temp tokens that session made, and only those', async () => {
    const { app, database } = testApp();
    const session = await signIn(app, database.handle.db, 'leaving@example.com');
    const otherSession = await signIn(app, database.handle.db, 'leaving@example.com');
    const ended = (await create(session, '/Profile')).json().TempToken;
    const kept = (await create(otherSession, '/Profile')).json().TempToken;
    const logout = await app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: bearer(session) });
    expect(logout.statusCode).toBe(204);
    const refused = await consume(ended);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ErrorCode).toBe('invalid_token');
    expect((await consume(kept)).statusCode).toBe(200);
  });

  it('row 45: refuses invisible and text-direction characters in its fields', async () => {
    const { app, database } = testApp();
    const session = await signIn(app, database.handle.db, 'fields@example.com');
    const hostile: Record<string, string>[] = [
      { OrderPublicId: 'ord\u202E1' },
      { MerchantRedirectType: 'Return\u0000' },
    ];
    for (const extra of hostile) {
      const response = await create(session, '/Profile', extra);
      expect(response.statusCode).toBe(400);
      expect(response.json().Errors[0].Field).toBe(`body.${Object.keys(extra)[0]}`);
    }
  });

  it('needs a signed-in player to create one', async () => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/create_temp_token',
      payload: { RedirectUri: '/' },
    });
    expect(response.statusCode).toBe(401);
  });
});
