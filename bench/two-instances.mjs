// Two built instances on one PostgreSQL database and one Redis behind Debian's nginx serving
// deploy/nginx.conf (the README's recipe), loaded through the proxy with a portal-like mix per
// player: POST /profile, POST /games/list, and every fifth operation a purchase (create_payment,
// then Pay on the sandbox form). Capacity: closed-loop players in rising numbers until
// requests/s stops rising or errors appear. Then two open-loop runs at 80 % of it: both
// instances throughout, and one instance SIGKILLed halfway. Prints errors and p99 per run with
// targets and PASS/FAIL; in the kill run, requests cut while the instance died (in flight on it:
// nginx never re-sends a POST) are counted apart from errors. Finally every paid order must
// complete. Needs the built server (`npm run build:ts`), nginx, PostgreSQL and Redis.
// Usage: node bench/two-instances.mjs [seconds=60] [stepSeconds=5]
//   with TEST_DATABASE_URL (a database is created and dropped on its server) and TEST_REDIS_URL.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNginx, startNginx } from '../scripts/nginx.mjs';
import { apiClient, freePort, percentile, scratchDatabase, sleep, verdict } from './lib/http.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = join(root, 'apps/server/dist/main.js');
const seconds = Number(process.argv[2] ?? 60);
const stepSeconds = Number(process.argv[3] ?? 5);
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const pg = require('pg');
/** Goals: no errors at 80 % of capacity, nor after an instance is gone; p99 as the orders bench's. */
const TARGET_ERRORS = 0;
const TARGET_P99_MS = 100;
const LOAD_SHARE = 0.8;
const STEPS = [4, 8, 16, 32, 64, 128];
const GAME = 'gem-garden';
const SKU = 'gems_50';

const nginx = findNginx();
const missing = [
  existsSync(main) ? undefined : `${main} (run \`npm run build:ts\`)`,
  nginx ? undefined : 'nginx (apt-get install nginx-light)',
  adminUrl ? undefined : 'TEST_DATABASE_URL',
  redisUrl ? undefined : 'TEST_REDIS_URL',
].filter(Boolean);
if (missing.length > 0) {
  console.error(`two-instances: missing ${missing.join(', ')}`);
  process.exit(1);
}

const database = scratchDatabase(adminUrl, 'fxid_bench');
const databaseUrl = database.url;
const proxyPort = await freePort();
const base = `http://127.0.0.1:${proxyPort}/`;
const instancePorts = [await freePort(), await freePort()];

/** One built instance, as the README's recipe starts it (development mode: dev mailbox, sandbox). */
function startInstance(port) {
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base.slice(0, -1),
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `fxid-bench-${randomBytes(4).toString('hex')}:`,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_GAME_DIR: '/nonexistent',
      // Load tests come from one address (README: RATE_LIMIT_ALLOWLIST).
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      OUTBOX_LEASE_MS: '5000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const gone = new Promise((resolve) => child.once('exit', () => resolve(performance.now())));
  return { child, gone };
}

async function ready(port) {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`the instance on port ${port} did not get ready`);
}

const { post, signIn } = apiClient(base);

/** The public ids of every order the load made. */
const orders = [];

/** One request, its start, end (ms) and outcome kept in `run.samples`. */
async function timed(run, request) {
  const startedAt = performance.now();
  try {
    const result = await request();
    run.samples.push({ startedAt, endedAt: performance.now(), ok: true });
    return result;
  } catch (error) {
    run.samples.push({ startedAt, endedAt: performance.now(), ok: false, error: String(error) });
    return undefined;
  }
}

/** The n-th operation of a player: the portal-like mix. */
async function operation(run, token, n) {
  const kind = n % 5;
  if (kind === 4) {
    const created = await timed(run, () =>
      post('store/create_payment', { Game: GAME, Sku: SKU, WebPublishingPlatform: 'FxId' }, token),
    );
    if (!created) return;
    orders.push(created.TransactionId);
    const checkout = created.ConfirmationUrl.split('/').at(-1);
    await timed(run, () => post(`store/payment_form/${checkout}`, { PublicId: created.TransactionId, Choice: 'Pay' }));
  } else if (kind % 2 === 0) {
    await timed(run, () => post('profile', {}, token));
  } else {
    await timed(run, () => post('games/list', {}));
  }
}

function summary(samples) {
  const latencies = samples.map((sample) => sample.endedAt - sample.startedAt).sort((a, b) => a - b);
  return { count: samples.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Players in a closed loop (each starts its next operation when the last ended), for one step. */
async function closedLoop(players, count) {
  const run = { samples: [] };
  const end = performance.now() + stepSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, async (_, worker) => {
      const token = players[worker % players.length];
      for (let n = worker; performance.now() < end; n++) await operation(run, token, n);
    }),
  );
  return { ...run, elapsed: (performance.now() - started) / 1000 };
}

/** Operations starting at a fixed rate whatever the servers' pace (open loop); `during` runs alongside. */
async function openLoop(players, perSecond, durationSeconds, during = async () => {}) {
  const run = { samples: [] };
  const inFlight = [];
  const started = performance.now();
  const side = during();
  let launched = 0;
  while (performance.now() - started < durationSeconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * perSecond);
    for (; launched < due; launched++) inFlight.push(operation(run, players[launched % players.length], launched));
    await sleep(5);
  }
  await Promise.all([...inFlight, side]);
  return { ...run, elapsed: (performance.now() - started) / 1000 };
}

const ms = (value) => `${value.toFixed(1).padStart(7)} ms`;

function line(label, samples, elapsed, extra = '') {
  const ok = samples.filter((sample) => sample.ok);
  const { p50, p99 } = summary(ok);
  const errors = samples.length - ok.length;
  console.log(
    `  ${label.padEnd(26)} ${(samples.length / elapsed).toFixed(1).padStart(7)} req/s  errors ${String(errors).padStart(4)}  ` +
      `p50 ${ms(p50)}  p99 ${ms(p99)}${extra}`,
  );
  for (const sample of samples.filter((s) => !s.ok).slice(0, 3)) console.log(`    ${sample.error}`);
  return { errors, p99, rate: samples.length / elapsed };
}

/** Paid orders (the sandbox took the money) that are not Completed, after giving them `waitMs`. */
async function paidNotCompleted(waitMs) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { rows } = await client.query(
        `select count(*)::int as n from sandbox_payments s join orders o on o.public_id = s.public_order_id
         where s.status = 'paid' and o.status <> 'Completed' and o.public_id = any($1)`,
        [orders],
      );
      if (rows[0].n === 0 || Date.now() > deadline) return rows[0].n;
      await sleep(250);
    }
  } finally {
    await client.end();
  }
}

await database.create();
const instances = [];
let proxy;
try {
  // The first migrates and loads the demo catalog; the second finds both done.
  instances.push(startInstance(instancePorts[0]));
  await ready(instancePorts[0]);
  instances.push(startInstance(instancePorts[1]));
  await ready(instancePorts[1]);
  proxy = await startNginx(
    nginx,
    proxyPort,
    instancePorts.map((port) => `127.0.0.1:${port}`),
  );
  const players = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(`bench-${i}@example.com`)));
  await Promise.all(players.map((token, i) => operation({ samples: [] }, token, i)));

  console.log(
    `two-instances: 2 instances on PostgreSQL + Redis behind nginx, ${stepSeconds} s per capacity step, ` +
      `${seconds} s per run, ${availableParallelism()} CPUs, Node ${process.version}`,
  );
  console.log('capacity (closed loop, rising players until req/s stops rising or errors appear):');
  let capacity = 0;
  let flat = 0;
  for (const count of STEPS) {
    const step = await closedLoop(players, count);
    const { errors, rate } = line(`${count} players`, step.samples, step.elapsed);
    if (errors > step.samples.length * 0.01) break;
    flat = rate < capacity * 1.05 ? flat + 1 : 0;
    capacity = Math.max(capacity, rate);
    if (flat >= 2) break;
  }
  // Operations per second that make LOAD_SHARE of the measured requests per second (a purchase is two).
  const requestsPerOperation = 6 / 5;
  const operationsPerSecond = (capacity * LOAD_SHARE) / requestsPerOperation;
  console.log(`open loop at ${Math.round(LOAD_SHARE * 100)} % of ${capacity.toFixed(0)} req/s, ${seconds} s each:`);
  const both = await openLoop(players, operationsPerSecond, seconds);
  const steady = line('both instances', both.samples, both.elapsed);

  let killedAt = 0;
  let goneAt = 0;
  const killed = await openLoop(players, operationsPerSecond, seconds, async () => {
    await sleep((seconds * 1000) / 2);
    killedAt = performance.now();
    instances[1].child.kill('SIGKILL');
    goneAt = await instances[1].gone;
  });
  // Cut: in flight on the dying instance (started before it was gone, failed after the signal).
  const cut = (sample) => !sample.ok && sample.startedAt <= goneAt && sample.endedAt >= killedAt;
  const kept = killed.samples.filter((sample) => !cut(sample));
  const afterKill = killed.samples.filter((sample) => sample.startedAt > goneAt);
  const killRun = line('one killed halfway', kept, killed.elapsed, `  (+${killed.samples.length - kept.length} cut)`);
  const after = line('  after the kill', afterKill, (performance.now() - goneAt) / 1000);
  const unfinished = await paidNotCompleted(30_000);

  console.log(
    `both instances: errors ${steady.errors} (target ${TARGET_ERRORS}): ${verdict(steady.errors === TARGET_ERRORS)}; ` +
      `p99 ${steady.p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS}): ${verdict(steady.p99 <= TARGET_P99_MS)}`,
  );
  console.log(
    `one killed halfway: errors ${killRun.errors} besides ${killed.samples.length - kept.length} cut in flight ` +
      `(target ${TARGET_ERRORS}): ${verdict(killRun.errors === TARGET_ERRORS)}; p99 ${killRun.p99.toFixed(1)} ms, ` +
      `after the kill ${after.p99.toFixed(1)} ms (target ≤ ${TARGET_P99_MS}): ${verdict(after.p99 <= TARGET_P99_MS)}`,
  );
  console.log(
    `paid orders of ${orders.length} not Completed 30 s later: ${unfinished} (target 0): ${verdict(unfinished === 0)}`,
  );
} finally {
  await proxy?.stop();
  for (const { child, gone } of instances) {
    child.kill('SIGTERM');
    await gone;
  }
  await database.drop();
}
