import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const auth = Buffer.alloc(16, 9).toString('base64url');
const subscription = (endpoint: string, keys: object = { p256dh, auth }) =>
  JSON.stringify({ endpoint, expirationTime: null, keys });

function pushSuite(mode: 'development' | 'production') {
  return (engine: Parameters<typeof useTestApp>[0]) => {
    const testApp = useTestApp(engine, { mode });
    let token = '';
    const save = (Token: string, extra: object = {}, auth = token) =>
      testApp().app.inject({
        method: 'POST',
        url: '/api/v1/push_tokens/save',
        payload: { Game: 'sky-runner', Platform: 'web', Token, ...extra },
        ...(auth ? { headers: bearer(auth) } : {}),
      });

    it('saves a subscription per endpoint, moving it to the account that saves it last', async () => {
      const { app, database } = testApp();
      const db = database.handle.db;
      token = await signIn(app, db, `push-${mode}@example.com`);
      const endpoint = 'https://142.250.185.74/fcm/send/abc';
      const saved = await save(subscription(endpoint));
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ Success: true });
      expect((await save(subscription(endpoint))).statusCode).toBe(200);
      const other = await signIn(app, db, `push-other-${mode}@example.com`);
      expect((await save(subscription(endpoint), { Game: 'gem-garden' }, other)).statusCode).toBe(200);
      const rows = await db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
      expect(rows).toHaveLength(1);
      const owner = await db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', `push-other-${mode}@example.com`)
        .executeTakeFirstOrThrow();
      expect(rows[0]).toMatchObject({ account_id: owner.id, platform: 'web', p256dh, auth });
    });

    it('row 22: an endpoint saved by another account does not move without its keys', async () => {
      const { app, database } = testApp();
      const db = database.handle.db;
      const victim = await signIn(app, db, `push-victim-${mode}@example.com`);
      const attacker = await signIn(app, db, `push-attacker-${mode}@example.com`);
      const endpoint = 'https://142.250.185.74/fcm/send/victim';
      expect((await save(subscription(endpoint), {}, victim)).statusCode).toBe(200);
      const otherKeys = { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), auth };
      const stolen = await save(subscription(endpoint, otherKeys), {}, attacker);
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json().ErrorCode).toBe('push_subscription_taken');
      const rows = await db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).execute();
      expect(rows).toHaveLength(1);
      const owner = await db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', `push-victim-${mode}@example.com`)
        .executeTakeFirstOrThrow();
      expect(rows[0]).toMatchObject({ account_id: owner.id, p256dh });
      // The owner itself may renew its keys.
      expect((await save(subscription(endpoint, otherKeys), {}, victim)).statusCode).toBe(200);
    });

    it('refuses malformed tokens, other platforms, unknown games and anonymous callers', async () => {
      const bad = async (response: Awaited<ReturnType<typeof save>>, code: string) => {
        expect(response.json()).toMatchObject({ ErrorCode: code });
      };
      await bad(await save('{oops'), 'validation_failed');
      await bad(await save(subscription('https://142.250.185.74/x', { p256dh, auth: 'x' })), 'validation_failed');
      await bad(await save(subscription('https://142.250.185.74/x'), { Platform: 'ios' }), 'validation_failed');
      await bad(await save(subscription('https://142.250.185.74/x'), { Game: 'no-such-game' }), 'game_not_found');
      await bad(await save(subscription('https://142.250.185.74/x'), {}, ''), 'unauthorized');
      const http = await save(subscription('http://142.250.185.74/x'));
      expect(http.statusCode).toBe(400);
      expect(http.json().Errors).toEqual([
        { Field: 'body.Token', Message: 'The subscription endpoint must be an https URL' },
      ]);
    });

    it(
      mode === 'production'
        ? 'refuses endpoints on private, loopback and link-local hosts (row 48)'
        : 'allows local https endpoints in development',
      async () => {
        for (const endpoint of [
          'https://169.254.169.254/latest/meta-data/',
          'https://127.0.0.1/x',
          'https://[::1]/x',
          'https://10.0.0.8/x',
          'https://localhost/x',
        ]) {
          const response = await save(subscription(endpoint));
          if (mode === 'development') {
            expect(response.statusCode, endpoint).toBe(200);
          } else {
            expect(response.statusCode, endpoint).toBe(400);
            expect(response.json().Errors[0]).toEqual({
              Field: 'body.Token',
              Message: 'The subscription endpoint must be a public host',
            });
          }
        }
      },
    );
  };
}

describeEachEngine('push tokens (development)', pushSuite('development'));
describeEachEngine('push tokens (production)', pushSuite('production'));
