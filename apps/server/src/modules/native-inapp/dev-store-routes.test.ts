import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { bearer, signIn } from '../../test/sign-in.js';

/** A port nobody listens on now, for the app to listen on (the server calls its own fake stores). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('native in-app validation offline in development (fake stores on this server)', async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const testApp = useTestApp('sqlite', { publicUrl });
  let token = '';
  let accountId = '';
  beforeAll(async () => {
    const { app, database } = testApp();
    await app.listen({ port, host: '127.0.0.1' });
    token = await signIn(app, database.handle.db, 'native-dev@example.com');
    accountId = (
      await app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(token), payload: {} })
    ).json().AccountId;
  });

  it('development has both stores for every game, with dev.fxid.<game> app ids', async () => {
    expect(testConfig().nativeInApp.googlePlay.dev).toBe(true);
    const status = await fetch(`${publicUrl}/api/v1/native/status?Game=sky-runner&Token=${token}`);
    expect(await status.json()).toMatchObject({
      Token: { Valid: true, AccountId: accountId },
      GooglePlay: { Available: true, PackageName: 'dev.fxid.sky_runner' },
      AppStore: { Available: true, BundleId: 'dev.fxid.sky_runner', Environment: 'Sandbox' },
    });
  });

  for (const store of ['google-play-purchases', 'app-store-transactions']) {
    it(`a purchase made in the fake store (${store}) is validated over HTTP, delivered once, then refused as a replay`, async () => {
      const made = await fetch(`${publicUrl}/dev/native/${store}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Game: 'sky-runner', Sku: 'stars_100', AccountId: accountId }),
      });
      expect(made.status).toBe(200);
      const receipt = await made.json();
      const validate = () =>
        fetch(`${publicUrl}/api/v1/native/inapp/validate/sky-runner`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(token) },
          body: JSON.stringify(receipt),
        });
      const first = await validate();
      expect(
        first.status,
        JSON.stringify(
          testApp()
            .logs.filter((l) => Number(l.level) >= 40)
            .slice(-3),
        ),
      ).toBe(200);
      expect(await first.json()).toMatchObject({ Success: true, Sku: 'stars_100', Test: store.startsWith('app') });
      const again = await validate();
      expect(again.status).toBe(409);
      expect(((await again.json()) as { ErrorCode: string }).ErrorCode).toBe('native_receipt_replayed');
    });
  }
});
