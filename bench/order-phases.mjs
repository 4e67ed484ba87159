// Where an order's server CPU goes, step by step: `rounds` times, `orders` orders (16 at a time)
// are created, then paid on the sandbox's form (its signed notification is taken in process
// and completes each order; the step ends once every order reads Completed), then each order's
// status is read once more; the server's CPU time (from /proc, user and system) over each step
// is divided by the orders. The steps run one after the other, so each figure is that step
// alone; orders-throughput.mjs measures them together.
// Node built-ins only; needs the built server: `npm run build:ts`.
// Usage: node bench/order-phases.mjs [orders=1000] [rounds=3] [databaseUrl=sqlite:<temp file>]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient, load, processCpuTimes, sleep, startBuiltServer } from './lib/http.mjs';

const orders = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 3);
const CONCURRENCY = 16;
const GAME = 'gem-garden';
const SKU = 'gems_50';

const dir = mkdtempSync(join(tmpdir(), 'fxid-order-phases-'));
const databaseUrl = process.argv[4] ?? `sqlite:${join(dir, 'bench.sqlite')}`;
const { server, base } = await startBuiltServer('order-phases', { dir, databaseUrl });

const { post, signIn } = apiClient(base);

/** Runs `count` calls of `task`, CONCURRENCY at a time. */
async function each(count, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/** One step over `count` orders: the server's CPU per order, and orders per second. */
async function step(name, count, run) {
  const before = processCpuTimes(server.pid);
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  const after = processCpuTimes(server.pid);
  const total = (after.user + after.system - before.user - before.system) / count;
  const system = (after.system - before.system) / count;
  return `${name} ${total.toFixed(2)} ms (system ${system.toFixed(2)}, ${(count / seconds).toFixed(0)}/s)`;
}

async function round(players, count) {
  const created = [];
  const status = (i) =>
    post(
      'store/get_payment_status',
      { Game: GAME, TransactionId: created[i].TransactionId },
      players[i % players.length],
    );
  const create = await step('create', count, () =>
    each(count, async (i) => {
      created[i] = await post(
        'store/create_payment',
        { Game: GAME, Sku: SKU, WebPublishingPlatform: 'FxId' },
        players[i % players.length],
      );
    }),
  );
  // Paid, then completed by the notification in process: the step ends once every order reads
  // Completed, so it holds one status read per order (a few more for orders still on their way).
  const pay = await step('pay + notification + status read', count, async () => {
    await each(count, async (i) => {
      const token = created[i].ConfirmationUrl.split('/').at(-1);
      await post(`store/payment_form/${token}`, { PublicId: created[i].TransactionId, Choice: 'Pay' });
    });
    for (let i = 0; i < count; i++) {
      for (let tries = 0; (await status(i)).Order.DetailedStatus !== 'Completed'; tries++) {
        if (tries > 500) throw new Error(`order ${created[i].TransactionId} did not complete`);
        await sleep(20);
      }
    }
  });
  const poll = await step('status read', count, () => each(count, (i) => status(i)));
  return `  ${create}  ${pay}  ${poll}`;
}

try {
  const players = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`phases-${i}@example.com`)));
  console.log(
    `order-phases: ${databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'}, ${orders} orders per round, ${CONCURRENCY} at a time, ` +
      `server CPU per order in each step, Node ${process.version}, load ${load()}`,
  );
  await round(players, 200); // warm-up: JIT, prepared statements, caches
  for (let r = 0; r < rounds; r++) console.log(await round(players, orders));
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
