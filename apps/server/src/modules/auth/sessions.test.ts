import { afterEach, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.js';
import { TEST_START, useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { SESSION_TTL_MS } from './sessions.js';

describeEachEngine('session expiry', (engine) => {
  const testApp = useTestApp(engine);
  afterEach(() => {
    testApp().clock.now = TEST_START;
  });

  /** Signs in at TEST_START, so the session ends at TEST_START + SESSION_TTL_MS. */
  const startSession = (email: string) => signIn(testApp().app, testApp().database.handle.db, email);
  const profileStatus = async (token: string) =>
    (await testApp().app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(token) })).statusCode;

  it('still works just before its TTL', async () => {
    const token = await startSession('ttl-live@example.com');
    testApp().clock.now = TEST_START + SESSION_TTL_MS - 1;
    expect(await profileStatus(token)).toBe(200);
  });

  it('gets 401 past its TTL', async () => {
    const token = await startSession('ttl-over@example.com');
    testApp().clock.now = TEST_START + SESSION_TTL_MS;
    expect(await profileStatus(token)).toBe(401);
    testApp().clock.now = TEST_START + SESSION_TTL_MS + 24 * 3600 * 1000;
    expect(await profileStatus(token)).toBe(401);
  });

  it('gets 401 past its TTL while the session is still in the in-memory cache', async () => {
    const { clock, database } = testApp();
    const token = await startSession('ttl-cached@example.com');
    clock.now = TEST_START + SESSION_TTL_MS - 30_000;
    expect(await profileStatus(token)).toBe(200);
    // Without its row only the cache (trusted for a minute) can answer for the session.
    await database.handle.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    clock.now = TEST_START + SESSION_TTL_MS - 1;
    expect(await profileStatus(token)).toBe(200);
    clock.now = TEST_START + SESSION_TTL_MS + 1;
    expect(await profileStatus(token)).toBe(401);
  });
});
