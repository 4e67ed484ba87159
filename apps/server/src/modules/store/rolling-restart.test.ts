import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { builtServer, freePort, requireBuiltServer } from '../../test/built-server.js';
import { api, choose, placeOrder, signIn, startGameServer } from '../../test/built-store.js';
import { TEST_BROWSER_NONCE } from '../../test/sign-in.js';

const GAME = 'sky-runner';
const GAME_SECRET = 'rolling-test-game-secret-0123456789';

/**
 * A rolling restart: a new instance starts on the same database, then the old one gets SIGTERM
 * while a paid order's delivery to the game's server is in its hands. The old one stops taking
 * connections, finishes that delivery, records it and exits 0; the new one serves on. No order is
 * delivered twice or lost, and the sign-in email asked for just before the stop is sent.
 */
describe('rolling restart (built servers, SIGTERM)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-rolling-'));
  const databaseFile = join(dir, 'rolling.sqlite');
  let cleanup: () => Promise<unknown> = async () => {};
  afterAll(async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finishes the delivery in hand, exits 0, and loses no order or email', { timeout: 120_000 }, async () => {
    requireBuiltServer();
    const game = await startGameServer(GAME_SECRET);
    const env = {
      DATABASE_URL: `sqlite:${databaseFile}`,
      GAME_WEBHOOKS: `${GAME}=${game.url}`,
      GAME_SECRETS: `${GAME}=${GAME_SECRET}`,
      OUTBOX_INTERVAL_MS: '100',
      SHUTDOWN_GRACE_MS: '30000',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_GAME_DIR: '/nonexistent',
    };
    const old = builtServer(await freePort(), env);
    const next = builtServer(await freePort(), env);
    cleanup = async () => {
      await old.kill();
      await next.kill();
      await game.close();
    };
    await old.start();
    await next.start();

    const token = await signIn(old, 'rolling@example.com');
    game.state.hold = true;
    const order = await placeOrder(old, token, GAME, 'stars_100');
    expect(await choose(old, order, 'Pay')).toBe(true);
    await expect.poll(() => game.deliveries.length, { timeout: 20_000 }).toBe(1);
    await api(old, 'invite/email_invite', {
      Email: 'asked-before-the-stop@example.com',
      CaptchaResult: 'dev-captcha-pass',
      BrowserNonce: TEST_BROWSER_NONCE,
    });

    old.terminate();
    // It stops taking connections at once, while the delivery in its hands is still open.
    const reachable = () =>
      fetch(`${old.url}healthz`).then(
        () => true,
        () => false,
      );
    await expect.poll(reachable, { timeout: 20_000 }).toBe(false);
    expect(old.exitCode()).toBeNull();
    game.state.hold = false;
    game.release();
    await old.exited();
    expect(old.exitCode()).toBe(0);

    // The new instance serves on: the order is complete, and a new one is delivered too.
    const status = async () =>
      (
        await api<{ Order: { DetailedStatus: string } }>(
          next,
          'store/get_payment_status',
          { Game: GAME, TransactionId: order.id },
          token,
        )
      ).Order.DetailedStatus;
    expect(await status()).toBe('Completed');
    const after = await placeOrder(next, token, GAME, 'stars_550');
    expect(await choose(next, after, 'Pay')).toBe(true);
    await expect.poll(() => game.deliveries.length, { timeout: 20_000 }).toBe(2);
    // Each order reached the game's server once: the old instance recorded its delivery before exiting.
    expect(game.deliveries.map((delivery) => delivery.transactionId).sort()).toEqual([order.id, after.id].sort());

    const { db } = openDatabase(`sqlite:${databaseFile}`);
    try {
      await expect
        .poll(
          async () => (await db.selectFrom('outbox').select('status').where('status', '!=', 'done').execute()).length,
        )
        .toBe(0);
      const sent = await db
        .selectFrom('dev_mailbox')
        .select('to_address')
        .where('to_address', '=', 'asked-before-the-stop@example.com')
        .execute();
      expect(sent).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });
});
