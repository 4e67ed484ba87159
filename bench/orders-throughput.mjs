// Measures orders per second through the whole purchase on SQLite: create_payment →
// the sandbox checkout's Pay → the provider's signed notification (through the outbox)
// → Completed (a game without a webhook completes at once), with per-order latency.
// Node built-ins only. Needs the built server: `npm run build:ts`.
// Usage: node bench/orders-throughput.mjs [seconds=10] [concurrency=16] [outboxIntervalMs=10] [pollMs=20]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = join(root, 'apps/server/dist/main.js');
const seconds = Number(process.argv[2] ?? 10);
const concurrency = Number(process.argv[3] ?? 16);
const outboxIntervalMs = Number(process.argv[4] ?? 10);
const GAME = 'gem-garden';
const SKU = 'gems_50';
/**
 * How often a buyer asks whether its order completed: the latency's resolution. Polling
 * is load on the same server, so much faster polling lowers what it measures.
 */
const POLL_MS = Number(process.argv[5] ?? 20);

if (!existsSync(main)) {
  console.error(`orders-throughput: ${main} is missing; run \`npm run build:ts\` first`);
  process.exit(1);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(join(tmpdir(), 'fxid-orders-bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}/`;
const server = spawn(process.execPath, [main], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base.slice(0, -1),
    DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
    LOG_LEVEL: 'error',
    WEB_DIST_DIR: join(dir, 'no-web'),
    DEMO_GAME_DIR: join(dir, 'no-demo'),
    RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
    OUTBOX_INTERVAL_MS: String(outboxIntervalMs),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function post(path, body, token) {
  const response = await fetch(`${base}api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** The dev sign-in: email invite with the dev robot check, the link from /dev/mailbox, a session. */
async function signIn(email) {
  // The nonce a browser keeps while it waits for its link; the same "browser" signs in with it.
  const BrowserNonce = randomBytes(32).toString('base64url');
  await post('invite/email_invite', { Email: email, CaptchaResult: 'dev-captcha-pass', BrowserNonce });
  const pattern = new RegExp(`To ${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?inviteToken=([\\w-]+)`);
  for (let i = 0; i < 400; i++) {
    const html = await (await fetch(`${base}dev/mailbox`)).text();
    const token = html
      .split('<article>')
      .find((article) => pattern.test(article))
      ?.match(pattern)?.[1];
    if (token) return (await post('auth/authenticate_from_email_invite', { InviteToken: token, BrowserNonce })).Token;
    await sleep(25);
  }
  throw new Error(`no sign-in link for ${email}`);
}

/** One order, start to Completed; returns the time of each step in ms. */
async function buyOnce(token) {
  const t0 = performance.now();
  const created = await post('store/create_payment', { Game: GAME, Sku: SKU, WebPublishingPlatform: 'FxId' }, token);
  const t1 = performance.now();
  // ConfirmationUrl is the card payment form page /{token}; its Pay button posts this.
  const checkoutToken = created.ConfirmationUrl.split('/').at(-1);
  await post(`store/payment_form/${checkoutToken}`, { PublicId: created.TransactionId, Choice: 'Pay' });
  const t2 = performance.now();
  for (;;) {
    const status = await post('store/get_payment_status', { Game: GAME, TransactionId: created.TransactionId }, token);
    if (status.Order.DetailedStatus === 'Completed') break;
    if (status.Order.Status === 'Cancelled') throw new Error(`order ${created.TransactionId} was cancelled`);
    await sleep(POLL_MS);
  }
  const t3 = performance.now();
  return { total: t3 - t0, create: t1 - t0, pay: t2 - t1, settle: t3 - t2 };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const figures = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
};

try {
  for (let i = 0; ; i++) {
    if (i > 200) throw new Error('the server did not start');
    try {
      if ((await fetch(`${base}readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  const players = await Promise.all(
    Array.from({ length: Math.min(concurrency, 8) }, (_, i) => signIn(`bench-${i}@example.com`)),
  );

  // Warm-up: JIT, prepared statements, caches.
  await Promise.all(players.map((token) => buyOnce(token)));

  const samples = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      const token = players[worker % players.length];
      while (performance.now() < end) {
        try {
          samples.push(await buyOnce(token));
        } catch (error) {
          errors++;
          if (errors <= 3) console.error(String(error));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  console.log(
    `orders-throughput: SQLite, ${concurrency} concurrent buyers, ${seconds} s, outbox every ${outboxIntervalMs} ms, ` +
      `${availableParallelism()} CPUs, Node ${process.version}`,
  );
  console.log(`  completed orders   ${samples.length} (${errors} errors)`);
  console.log(`  orders per second  ${(samples.length / elapsed).toFixed(1)}`);
  console.log(`  order latency      ${figures(samples.map((s) => s.total))}  (create → Completed seen)`);
  console.log(`    create_payment   ${figures(samples.map((s) => s.create))}`);
  console.log(`    sandbox Pay      ${figures(samples.map((s) => s.pay))}`);
  console.log(`    notify → done    ${figures(samples.map((s) => s.settle))}  (polled every ${POLL_MS} ms)`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
