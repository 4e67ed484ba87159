// Measures sign-in completions (magic link consumed → session) and authenticated POST /profile
// per second with wrk, every server pinned to core 0 and wrk to core 1: fxid, a bare Fastify
// route, and the peer, better-auth's magic-link plugin verifying links on a SQLite file
// (bench/peer; `npm ci --prefix bench/peer` installs it), with the same wrk settings. Prints the
// speed targets with PASS/FAIL and fxid's ratio to the peer. Needs `npm run build:ts` and wrk.
// The four run one after another in each of `rounds` rounds (a shared machine's drifting load then
// moves the figures of a ratio alike); each figure and ratio printed is the median over the rounds.
// Usage: node bench/auth-throughput.mjs [seconds=5] [rounds=3] [postgres://… (a database is made and dropped there)]
// SQLITE_SYNCHRONOUS is passed to fxid and to the peer alike; SERVER_NODE_ARGS='--cpu-prof
// --cpu-prof-dir=DIR' profiles fxid (written when it exits).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixedRequest, load, scratchDatabase, sleep, verdict, wrk } from './lib/http.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const adminUrl = process.argv[4];
const engine = adminUrl ? 'PostgreSQL' : 'SQLite';
/** The speed targets this bench checks (README, "Tests and figures"). */
const TARGET_SIGN_INS = 5000;
const TARGET_PROFILE_SHARE = 0.5;
/** Links minted per second of the run: more than either server consumes. */
const FXID_LINKS_PER_SECOND = 8000;
const PEER_LINKS_PER_SECOND = 1000;
const peerScript = join(root, 'bench/peer/better-auth-server.mjs');
const peerInstalled = existsSync(join(root, 'bench/peer/node_modules/better-auth'));
const dir = mkdtempSync(join(tmpdir(), 'fxid-bench-'));
const children = [];
const options = { seconds, dir };
/** Each started server's process id by its base URL (taskset execs node: the same process). */
const pids = new Map();

function start(script, env, port, probe, args = []) {
  const child = spawn('taskset', ['-c', '0', process.execPath, ...args, script], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  pids.set(`http://127.0.0.1:${port}`, child.pid);
  return waitUntilUp(`http://127.0.0.1:${port}`, probe);
}

async function waitUntilUp(base, probe) {
  for (let i = 0; i < 6000; i++) {
    try {
      await fetch(`${base}${probe.path}`, { method: probe.method });
      return base;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${base} did not start`);
}

/** A wrk script that sends each token of `file` once, then asks for a path that 404s (counted as non-2xx). */
function eachTokenOnce(file, request) {
  return `local tokens = {}
for line in io.lines("${file}") do tokens[#tokens + 1] = line end
local i = 0
request = function()
  i = i + 1
  local token = tokens[i]
  if token == nil then return wrk.format("GET", "/out-of-tokens") end
  ${request}
end`;
}

/** Where fxid keeps its data: a SQLite file, or a PostgreSQL database of its own. */
async function fxidDatabase() {
  if (!adminUrl) {
    const file = join(dir, 'bench.sqlite');
    return { url: `sqlite:${file}`, drop: async () => {} };
  }
  const scratch = scratchDatabase(adminUrl, 'fxid_auth_bench');
  await scratch.create();
  return scratch;
}

/** Inserts invites straight into fxid's database (the robot check and mail are not what is measured). */
async function mintInvites(databaseUrl, tokens, nonceHash) {
  const now = Date.now();
  const rows = tokens.map((token, i) => {
    const email = `bench${i}@example.com`;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    return [randomBytes(16).toString('hex'), tokenHash, email, email, now, now + 3_600_000, nonceHash];
  });
  const columns = 'id, token_hash, email, email_normalized, created_at, expires_at, browser_nonce_hash';
  if (databaseUrl.startsWith('sqlite:')) {
    const Database = require('better-sqlite3');
    const db = new Database(databaseUrl.slice('sqlite:'.length));
    const insert = db.prepare(`insert into email_invites (${columns}) values (?, ?, ?, ?, ?, ?, ?)`);
    db.transaction(() => {
      for (const row of rows) insert.run(...row);
    })();
    db.close();
    return;
  }
  const pg = require('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const values = chunk.map((_, r) => `(${Array.from({ length: 7 }, (_, c) => `$${r * 7 + c + 1}`).join(', ')})`);
      await client.query(`insert into email_invites (${columns}) values ${values.join(', ')}`, chunk.flat());
    }
  } finally {
    await client.end();
  }
}

const row = (name, r) =>
  `${name.padEnd(50)} ${r.okRps.toFixed(0).padStart(8)} req/s   p99 ${r.p99.toFixed(2).padStart(7)} ms   ` +
  `server CPU ${r.cpuMs.toFixed(3)} ms/req   non-2xx ${r.non2xx}`;

const database = await fxidDatabase();
try {
  const synchronous = process.env.SQLITE_SYNCHRONOUS || 'full';
  const server = await start(
    'apps/server/dist/main.js',
    {
      NODE_ENV: 'development',
      DATABASE_URL: database.url,
      SQLITE_SYNCHRONOUS: synchronous,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(dir, 'no-web'),
      DEMO_GAME_DIR: join(dir, 'no-demo'),
      OUTBOX_INTERVAL_MS: '0',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
    8181,
    { path: '/healthz', method: 'GET' },
    (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
  );

  // The invites belong to one browser, whose nonce every sign-in sends, as the portal's own tab does.
  const nonce = randomBytes(32).toString('base64url');
  const tokens = Array.from({ length: FXID_LINKS_PER_SECOND * seconds * rounds + 1 }, () =>
    randomBytes(32).toString('base64url'),
  );
  await mintInvites(database.url, tokens, createHash('sha256').update(nonce).digest('hex'));
  const bearerToken = (
    await (
      await fetch(`${server}/api/v1/auth/authenticate_from_email_invite`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ InviteToken: tokens.pop(), BrowserNonce: nonce }),
      })
    ).json()
  ).Token;
  const bareServer = await start('bench/bare-server.mjs', {}, 8182, { path: '/bare', method: 'POST' });
  let peerServer;
  let peerTokens = [];
  if (peerInstalled) {
    const peerFile = join(dir, 'peer-tokens.txt');
    peerServer = await start(
      peerScript,
      {
        DB_FILE: join(dir, 'peer.sqlite'),
        SQLITE_SYNCHRONOUS: synchronous,
        TOKENS: String(PEER_LINKS_PER_SECOND * seconds * rounds),
        TOKENS_FILE: peerFile,
      },
      8183,
      { path: '/api/auth/ok', method: 'GET' },
    );
    peerTokens = readFileSync(peerFile, 'utf8').split('\n');
  }

  /** The `round`-th share of `list`, written one a line to a file of its own. */
  const share = (list, round, name) => {
    const size = Math.floor(list.length / rounds);
    const file = join(dir, `${name}-${round}.txt`);
    writeFileSync(file, list.slice(round * size, (round + 1) * size).join('\n'));
    return file;
  };

  const runs = [];
  for (let round = 0; round < rounds; round++) {
    const signIn = wrk(
      `${server}/api/v1/auth/authenticate_from_email_invite`,
      eachTokenOnce(
        share(tokens, round, 'tokens'),
        `return wrk.format("POST", nil, { ["Content-Type"] = "application/json" }, '{"InviteToken":"' .. token .. '","BrowserNonce":"${nonce}"}')`,
      ),
      { ...options, pid: pids.get(server) },
    );
    const peer = peerServer
      ? wrk(
          `${peerServer}/api/auth/magic-link/verify`,
          eachTokenOnce(
            share(peerTokens, round, 'peer-tokens'),
            `return wrk.format("GET", "/api/auth/magic-link/verify?token=" .. token)`,
          ),
          { ...options, pid: pids.get(peerServer) },
        )
      : undefined;
    const profile = wrk(
      `${server}/api/v1/profile`,
      fixedRequest('POST', '{}', { Authorization: `Bearer ${bearerToken}` }),
      { ...options, pid: pids.get(server) },
    );
    const bare = wrk(`${bareServer}/bare`, fixedRequest('POST', '{}'), { ...options, pid: pids.get(bareServer) });
    runs.push({ signIn, peer, profile, bare });
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const figure = (name) => ({
    okRps: median(runs.map((run) => run[name].okRps)),
    p99: median(runs.map((run) => run[name].p99)),
    cpuMs: median(runs.map((run) => run[name].cpuMs)),
    non2xx: runs.reduce((sum, run) => sum + run[name].non2xx, 0),
  });

  console.log(
    `auth-throughput: wrk -t1 -c16 -d${seconds}s, median of ${rounds} rounds, servers on core 0, wrk on core 1, ${engine}` +
      `${engine === 'SQLite' ? ` (SQLITE_SYNCHRONOUS=${synchronous})` : ''}, Node ${process.version}, load ${load()}`,
  );
  const signIn = figure('signIn');
  console.log(row('fxid sign-in (link consumed → session)', signIn));
  console.log(row('fxid POST /api/v1/profile (bearer)', figure('profile')));
  console.log(row('bare Fastify route', figure('bare')));
  if (peerServer) console.log(row(`better-auth magic-link verify (peer, SQLite ${synchronous})`, figure('peer')));
  else console.log('better-auth magic-link verify (peer): not installed (npm ci --prefix bench/peer)');
  console.log(
    `sign-in ${signIn.okRps.toFixed(0)}/s, target ≥ ${TARGET_SIGN_INS}/s on one core: ` +
      `${verdict(signIn.okRps >= TARGET_SIGN_INS && signIn.non2xx === 0)}`,
  );
  const profileShare = median(runs.map((run) => (run.profile.non2xx > 0 ? 0 : run.profile.okRps / run.bare.okRps)));
  console.log(
    `profile / bare: ${(100 * profileShare).toFixed(1)} % (target ≥ ${TARGET_PROFILE_SHARE * 100} %): ` +
      `${verdict(profileShare >= TARGET_PROFILE_SHARE)}`,
  );
  console.log(
    `sign-in / bare: ${(100 * median(runs.map((run) => run.signIn.okRps / run.bare.okRps))).toFixed(1)} % (no target; how far from a bare route)`,
  );
  if (peerServer) {
    const ranOut = runs.some((run) => run.peer.non2xx > 0);
    console.log(
      `fxid sign-in / better-auth magic-link: ${median(runs.map((run) => run.signIn.okRps / run.peer.okRps)).toFixed(2)}× ` +
        `(same wrk settings, same core${ranOut ? "; the peer's links ran out in a round: its figure there is low" : ''})`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await sleep(500);
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
}
