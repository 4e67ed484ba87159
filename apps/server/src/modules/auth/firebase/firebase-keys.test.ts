import { afterEach, describe, expect, it } from 'vitest';
import { startFirebaseKeysServer } from '../../../test/firebase-keys-server.js';
import { createFirebaseKeys, maxAgeSeconds } from './firebase-keys.js';
import { verifyFirebaseIdToken } from './verify-firebase-token.js';

const PROJECT = 'fxid-demo';
const START = Date.UTC(2026, 10, 23, 12);

describe('Firebase signing keys', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const setUp = async (cacheControl?: string) => {
    const server = await startFirebaseKeysServer(cacheControl);
    servers.push(server);
    const clock = { now: START };
    const keys = createFirebaseKeys(server.url, () => clock.now);
    const verify = async () => {
      const token = await server.issuer.mintIdToken({
        projectId: PROJECT,
        providerId: 'google.com',
        providerUid: 'uid-1',
        now: clock.now,
      });
      return verifyFirebaseIdToken(token, { projectId: PROJECT, keys, now: clock.now });
    };
    return { server, clock, verify };
  };

  it('reads max-age from Cache-Control', () => {
    expect(maxAgeSeconds('public, max-age=19302, must-revalidate, no-transform')).toBe(19302);
    expect(maxAgeSeconds('max-age=60')).toBe(60);
    expect(maxAgeSeconds('no-store, max-age=60')).toBe(0);
    expect(maxAgeSeconds('s-max-age=60')).toBe(0);
    expect(maxAgeSeconds(null)).toBe(0);
  });

  it('keeps the key set for max-age, then fetches it again', async () => {
    const { server, clock, verify } = await setUp('public, max-age=600');
    await verify();
    clock.now += 599_000;
    await verify();
    expect(server.fetches).toBe(1);
    clock.now += 2_000;
    await verify();
    expect(server.fetches).toBe(2);
  });

  it('fetches once for verifications at once', async () => {
    const { server, verify } = await setUp();
    await Promise.all([verify(), verify(), verify()]);
    expect(server.fetches).toBe(1);
  });

  it('picks up a rotated key when a token names an unknown kid, at most once per cooldown', async () => {
    const { server, clock, verify } = await setUp('public, max-age=3600');
    await verify();
    await server.rotate();
    // Just fetched: a token with a new kid is refused rather than fetching again at once.
    await expect(verify()).rejects.toMatchObject({ code: 'invalid_token' });
    expect(server.fetches).toBe(1);
    clock.now += 31_000;
    await expect(verify()).resolves.toMatchObject({ providerUid: 'uid-1' });
    expect(server.fetches).toBe(2);
  });

  it('answers service_unavailable when the keys cannot be fetched', async () => {
    const keys = createFirebaseKeys('http://127.0.0.1:9/no-keys', () => START);
    const other = await startFirebaseKeysServer();
    servers.push(other);
    const token = await other.issuer.mintIdToken({
      projectId: PROJECT,
      providerId: 'google.com',
      providerUid: 'uid-1',
      now: START,
    });
    await expect(verifyFirebaseIdToken(token, { projectId: PROJECT, keys, now: START })).rejects.toMatchObject({
      code: 'service_unavailable',
    });
  });
});
