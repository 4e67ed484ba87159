// Measures sign-in completions (magic link consumed → session) and authenticated
// POST /profile per second with wrk, the server pinned to core 0 and wrk to core 1,
// beside a bare Fastify route on the same core. Needs `npm run build` and wrk.
// Usage: node bench/auth-throughput.mjs [seconds]
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const Database = require('better-sqlite3');
const seconds = Number(process.argv[2] ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'fxid-bench-'));
const dbFile = join(dir, 'bench.sqlite');
const children = [];

function start(script, env, port) {
  const child = spawn('taskset', ['-c', '0', 'node', script], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return waitUntilUp(`http://127.0.0.1:${port}`, script.includes('bare') ? '/bare' : '/healthz');
}

async function waitUntilUp(base, path) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}${path}`, { method: path === '/bare' ? 'POST' : 'GET' });
      return base;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${base} did not start`);
}

/** Runs wrk on core 1 and returns requests/s, p99 in ms and non-2xx answers. */
function wrk(url, luaScript) {
  const script = join(dir, `script-${randomBytes(4).toString('hex')}.lua`);
  writeFileSync(script, luaScript);
  const out = execFileSync(
    'taskset',
    ['-c', '1', 'wrk', '-t1', '-c16', `-d${seconds}s`, '--latency', '-s', script, url],
    { encoding: 'utf8' },
  );
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p99raw = out.match(/\s99%\s+([\d.]+)(us|ms|s)/);
  const p99 = p99raw ? Number(p99raw[1]) * { us: 0.001, ms: 1, s: 1000 }[p99raw[2]] : Number.NaN;
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  return { rps, p99, non2xx };
}

const post = (body, headers = '') => `wrk.method = "POST"
wrk.body = '${body}'
wrk.headers["Content-Type"] = "application/json"
${headers}`;

try {
  const server = await start(
    'apps/server/dist/main.js',
    {
      DATABASE_URL: `sqlite:${dbFile}`,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dir, 'no-web'),
      OUTBOX_INTERVAL_MS: '0',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1',
    },
    8181,
  );

  // Invites are minted straight into the database: the robot check and mail are not what is measured.
  // They belong to one browser, whose nonce every sign-in sends, as the portal's own tab does.
  const nonce = randomBytes(32).toString('base64url');
  const nonceHash = createHash('sha256').update(nonce).digest('hex');
  const tokens = Array.from({ length: 4000 * seconds }, () => randomBytes(32).toString('base64url'));
  const db = new Database(dbFile);
  const insert = db.prepare(
    `insert into email_invites (id, token_hash, email, email_normalized, created_at, expires_at, browser_nonce_hash)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const now = Date.now();
  db.transaction(() => {
    tokens.forEach((token, i) => {
      const email = `bench${i}@example.com`;
      insert.run(
        randomBytes(16).toString('hex'),
        createHash('sha256').update(token).digest('hex'),
        email,
        email,
        now,
        now + 3_600_000,
        nonceHash,
      );
    });
  })();
  db.close();
  const bearerToken = (
    await (
      await fetch(`${server}/api/v1/auth/authenticate_from_email_invite`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ InviteToken: tokens.pop(), BrowserNonce: nonce }),
      })
    ).json()
  ).Token;
  const tokensFile = join(dir, 'tokens.txt');
  writeFileSync(tokensFile, tokens.join('\n'));

  const signIn = wrk(
    `${server}/api/v1/auth/authenticate_from_email_invite`,
    `local tokens = {}
for line in io.lines("${tokensFile}") do tokens[#tokens + 1] = line end
local i = 0
request = function()
  i = i + 1
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, '{"InviteToken":"' .. tokens[i] .. '","BrowserNonce":"${nonce}"}')
end`,
  );
  const profile = wrk(`${server}/api/v1/profile`, post('{}', `wrk.headers["Authorization"] = "Bearer ${bearerToken}"`));
  const bare = wrk(`${await start('bench/bare-server.mjs', {}, 8182)}/bare`, post('{}'));

  const row = (name, r) =>
    `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${r.p99.toFixed(2).padStart(7)} ms   non-2xx ${r.non2xx}`;
  console.log(`wrk -t1 -c16 -d${seconds}s, server on core 0, wrk on core 1, SQLite`);
  console.log(row('sign-in (link consumed → session)', signIn));
  console.log(row('POST /api/v1/profile (bearer)', profile));
  console.log(row('bare Fastify route', bare));
  console.log(`profile / bare: ${((100 * profile.rps) / bare.rps).toFixed(1)} % (goal ≥ 50 %)`);
} finally {
  for (const child of children) child.kill('SIGTERM');
}
