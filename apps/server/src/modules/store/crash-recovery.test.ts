import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { type BuiltServer, builtServer, freePort, requireBuiltServer } from '../../test/built-server.js';
import { api, choose, type PlacedOrder, placeOrder, signIn, startGameServer } from '../../test/built-store.js';

/**
 * Exactly-once fulfilment across crashes: the built server is killed with SIGKILL at several
 * moments of the purchase flow and started again on the same SQLite file. No paid
 * order may be lost, the game's server must see each paid order's EventId (exactly
 * once after deduping by it), and never an unpaid order.
 */
const GAME = 'sky-runner';
const GAME_SECRET = 'crash-test-game-secret-0123456789';

/** What the sandbox (the provider) says of a checkout: the truth about whether money was taken. */
async function checkoutState(databaseFile: string, order: PlacedOrder): Promise<string> {
  const { db } = openDatabase(`sqlite:${databaseFile}`);
  try {
    const row = await db
      .selectFrom('sandbox_payments')
      .select('status')
      .where('id', '=', order.checkoutId)
      .executeTakeFirst();
    return row?.status ?? 'missing';
  } finally {
    await db.destroy();
  }
}

async function detailedStatus(server: BuiltServer, token: string, order: PlacedOrder): Promise<string> {
  const status = await api<{ Order: { DetailedStatus: string } }>(
    server,
    'store/get_payment_status',
    { Game: GAME, TransactionId: order.id },
    token,
  );
  return status.Order.DetailedStatus;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the server to die, failing clearly instead of hanging the suite. */
async function exitWithin(server: BuiltServer, ms: number, what: string): Promise<void> {
  const timeout = sleep(ms).then(() => {
    throw new Error(`the server was not killed ${what} within ${ms} ms`);
  });
  await Promise.race([server.exited(), timeout]);
}

describe('crash recovery of paid orders (built server, SIGKILL)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-crash-'));
  const databaseFile = join(dir, 'crash.sqlite');
  let cleanup: () => Promise<unknown> = async () => {};
  afterAll(async () => {
    await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loses no paid order and delivers each one once by EventId, never an unpaid one', {
    timeout: 60_000,
  }, async () => {
    requireBuiltServer();
    const game = await startGameServer(GAME_SECRET);
    const server = builtServer(await freePort(), {
      DATABASE_URL: `sqlite:${databaseFile}`,
      GAME_WEBHOOKS: `${GAME}=${game.url}`,
      GAME_SECRETS: `${GAME}=${GAME_SECRET}`,
      OUTBOX_INTERVAL_MS: '20',
      // A crashed worker's claimed job comes back after 1 s instead of 2 minutes.
      OUTBOX_LEASE_MS: '1000',
      // API only: no portal build needed.
      WEB_DIST_DIR: '/nonexistent',
      DEMO_GAME_DIR: '/nonexistent',
    });
    cleanup = async () => {
      await server.kill();
      await game.close();
    };
    const kills: string[] = [];

    await server.start();
    const token = await signIn(server, 'crash@example.com');
    const orders: PlacedOrder[] = [];

    // 1. Six orders paid, one declined, one left open; killed right after the last pay choice.
    // The game's server holds its answers meanwhile, so no delivery completes before the kill.
    game.state.hold = true;
    const first = [];
    for (const sku of [
      'stars_100',
      'stars_550',
      'stars_100',
      'stars_100',
      'stars_550',
      'stars_100',
      'stars_100',
      'stars_100',
    ]) {
      first.push(await placeOrder(server, token, GAME, sku));
    }
    orders.push(...first);
    for (const order of first.slice(0, 6)) await choose(server, order, 'Pay');
    await choose(server, first[6] as PlacedOrder, 'Decline');
    await server.kill();
    kills.push('right after the pay choices');
    game.state.hold = false;

    // 2. Killed by the game's server as the second delivery of this run arrives: a delivery in
    // flight that fxid never recorded. Six paid orders are still undelivered, so it comes.
    const before = game.deliveries.length;
    game.state.onDelivery = (count) => {
      if (count === before + 2) {
        server.killNow();
        kills.push('while a delivery was in flight');
      }
    };
    await server.start();
    await exitWithin(server, 15_000, 'by the second delivery');
    game.state.onDelivery = () => {};

    // 3. Six more orders; all paid at once, killed as soon as the first pay choice is answered.
    await server.start();
    const second = [];
    for (const sku of ['stars_100', 'stars_550', 'stars_100', 'stars_100', 'stars_550', 'stars_100']) {
      second.push(await placeOrder(server, token, GAME, sku));
    }
    orders.push(...second);
    await Promise.all(
      second.map(async (order) => {
        if (await choose(server, order, 'Pay')) server.killNow();
      }),
    );
    await exitWithin(server, 15_000, 'during the pay choices');
    kills.push('during concurrent pay choices');

    // 4. Killed at random moments right after starting (boot, outbox runs, deliveries).
    for (const delay of [Math.random() * 150, Math.random() * 300]) {
      await server.start();
      await sleep(delay);
      await server.kill();
      kills.push(`${Math.round(delay)} ms after a start`);
    }

    // 5. Left running: every order the provider took money for must end Completed.
    await server.start();
    let states: { order: PlacedOrder; checkout: string; status: string }[] = [];
    for (let i = 0; i < 150; i++) {
      states = await Promise.all(
        orders.map(async (order) => ({
          order,
          checkout: await checkoutState(databaseFile, order),
          status: await detailedStatus(server, token, order),
        })),
      );
      if (states.every((s) => (s.checkout === 'paid') === (s.status === 'Completed'))) break;
      await sleep(100);
    }
    await server.kill();

    const paid = states.filter((s) => s.checkout === 'paid');
    const unpaid = states.filter((s) => s.checkout !== 'paid');
    expect(kills).toHaveLength(5);
    // Every payment the player saw accepted, and more from the round killed mid-choice.
    expect(orders.filter((order) => order.knownPaid).every((order) => paid.some((s) => s.order === order))).toBe(true);
    expect(paid.length).toBeGreaterThanOrEqual(7);
    expect(paid.filter((s) => s.status !== 'Completed').map((s) => s.order.id)).toEqual([]);
    expect(unpaid.filter((s) => s.status === 'Completed' || s.status === 'PayedWaitingForSending')).toEqual([]);

    const delivered = new Set(game.deliveries.map((d) => d.eventId));
    expect([...delivered].sort()).toEqual(paid.map((s) => `delivery_${s.order.id}`).sort());
    expect(game.deliveries.every((d) => d.verified && d.eventId === `delivery_${d.transactionId}`)).toBe(true);
    // The delivery in flight at the kill was sent again: at-least-once, and the EventId dedupes it.
    expect(game.deliveries.length).toBeGreaterThan(delivered.size);

    // Behind the API: one payment taken and one completion recorded per paid order, nothing else.
    const { db } = openDatabase(`sqlite:${databaseFile}`);
    try {
      const transitions = await db
        .selectFrom('order_transitions')
        .innerJoin('orders', 'orders.id', 'order_transitions.order_id')
        .select(['orders.public_id', 'order_transitions.to_status'])
        .where('order_transitions.to_status', 'in', ['PayedWaitingForSending', 'Completed'])
        .execute();
      const count = (status: string) => transitions.filter((t) => t.to_status === status).length;
      expect(count('PayedWaitingForSending')).toBe(paid.length);
      expect(count('Completed')).toBe(paid.length);
      const applied = await db
        .selectFrom('payment_events')
        .select('outcome')
        .where('outcome', '=', 'applied: paid')
        .execute();
      expect(applied).toHaveLength(paid.length);
    } finally {
      await db.destroy();
    }
  });
});
