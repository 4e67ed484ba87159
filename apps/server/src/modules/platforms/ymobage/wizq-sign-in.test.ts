import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { signInWithWizq, TEST_CLOCK_START, TEST_WIZQ_CONFIG, wizqToken } from './wizq-test-support.js';

const now = Math.floor(TEST_CLOCK_START / 1000);

/** POST /auth/authenticate_from_social with WizQLogin { Token }. */
describeEachEngine('WizQ sign-in from the launch token', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, ymobage: TEST_WIZQ_CONFIG } });
  const identities = () =>
    testApp()
      .database.handle.db.selectFrom('social_identifiers')
      .select('identifier')
      .where('type', '=', 'WizQ')
      .where('identifier', '=', '2001')
      .execute();

  it('first sight makes an account with a WizQ identity; return finds the same', async () => {
    const first = await signInWithWizq(testApp().app, await wizqToken('1001'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      AuthenticatedSocialIdentifierType: 'WizQ',
      AuthenticatedSocialIdentifier: '1001',
    });
    const again = await signInWithWizq(testApp().app, await wizqToken('1001', { iat: now - 60 }));
    expect(again.json().AccountId).toBe(first.json().AccountId);
  });

  it.each([
    ['a forged token', () => wizqToken('2001', {}, 'not-the-consumer-secret-of-app'), 'platform_sign_invalid'],
    [
      'a tampered viewer',
      async () => {
        const [head, , sig] = (await wizqToken('2001')).split('.');
        const body = Buffer.from(
          JSON.stringify({ iss: 'wizq', aud: '13000001', sub: '2002', iat: now, exp: now + 60 }),
        ).toString('base64url');
        return `${head}.${body}.${sig}`;
      },
      'platform_sign_invalid',
    ],
    [
      'alg none',
      async () => {
        const head = Buffer.from('{"alg":"none"}').toString('base64url');
        const body = Buffer.from(
          JSON.stringify({ iss: 'wizq', aud: '13000001', sub: '2001', iat: now, exp: now + 60 }),
        ).toString('base64url');
        return `${head}.${body}.`;
      },
      'platform_sign_invalid',
    ],
    [
      'another algorithm',
      () =>
        new SignJWT({ iss: 'wizq', aud: '13000001', sub: '2001', iat: now, exp: now + 60 })
          .setProtectedHeader({ alg: 'HS512' })
          .sign(new TextEncoder().encode('test-wizq-consumer-secret-sky-runner')),
      'platform_sign_invalid',
    ],
    ['another game’s app', () => wizqToken('2001', { aud: '13000002' }), 'platform_app_mismatch'],
    ['an expired token', () => wizqToken('2001', { iat: now - 7200, exp: now - 3600 }), 'platform_payload_expired'],
    [
      'a replayed token older than an hour',
      () => wizqToken('2001', { iat: now - 3601, exp: now + 3600 }),
      'platform_payload_expired',
    ],
    ['another issuer', () => wizqToken('2001', { iss: 'someone-else' }), 'platform_sign_invalid'],
  ])('%s is refused with 401 and makes no account', async (_name, token, code) => {
    const response = await signInWithWizq(testApp().app, await token());
    expect(response.statusCode).toBe(401);
    expect(response.json().ErrorCode).toBe(code);
    expect(await identities()).toEqual([]);
  });

  it('a game without a WizQ app is refused', async () => {
    const response = await signInWithWizq(testApp().app, await wizqToken('2001'), 'gem-garden');
    expect([404, 503]).toContain(response.statusCode);
    expect(await identities()).toEqual([]);
  });
});
