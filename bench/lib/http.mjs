// What several bench scripts share: a free port, the built server as the order benches start it,
// an API client with the dev sign-in, percentiles, and wrk pinned to a core. Node built-ins only.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (`npm run build:ts`; the bench named `bench` exits with that advice when
 * it is missing) as the order benches run it: development mode (the dev mailbox, the sandbox) on a
 * free port, its database at `databaseUrl`, no portal or demo game to serve (`dir` is the bench's
 * scratch folder), no rate limit for loopback; `env` adds to that. SERVER_NODE_ARGS goes to its Node
 * (`--cpu-prof --cpu-prof-dir=DIR` profiles it, written when it exits) and SQLITE_SYNCHRONOUS to the
 * server: the bench runs what the operator chose. Resolves once /readyz answers, with the child
 * process and the base URL (ending in '/').
 */
export async function startBuiltServer(bench, { dir, databaseUrl, env = {} }) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) {
    console.error(`${bench}: ${main} is missing; run \`npm run build:ts\` first`);
    process.exit(1);
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/`;
  const serverArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...serverArgs, main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base.slice(0, -1),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: join(dir, 'no-web'),
      DEMO_GAME_DIR: join(dir, 'no-demo'),
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
      SQLITE_SYNCHRONOUS: process.env.SQLITE_SYNCHRONOUS ?? '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; ; i++) {
    if (i > 200) {
      server.kill('SIGTERM');
      throw new Error(`${bench}: the server did not start`);
    }
    try {
      if ((await fetch(`${base}readyz`)).ok) return { server, base };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
}

/** The value below which `p` % of the sorted values fall. */
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The API at `base` (ending in '/'): JSON POSTs and the development sign-in through the dev mailbox. */
export function apiClient(base) {
  async function post(path, body, token) {
    const response = await fetch(`${base}api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }

  /** The dev sign-in: email invite with the dev robot check, the link from /dev/mailbox, a session token. */
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

  return { post, signIn };
}

/** CPU time (ms) process `pid` has used so far, user and system apart, from /proc (Linux); NaN elsewhere. */
export function processCpuTimes(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command), in clock ticks of 10 ms.
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/** CPU time (ms) process `pid` has used so far, user + system; NaN where /proc is missing. */
export function processCpuMs(pid) {
  const { user, system } = processCpuTimes(pid);
  return user + system;
}

/**
 * Runs `wrk -t1 -c16` for `seconds` pinned to `core` with the given Lua script (written into
 * `dir`); returns requests/s, p99 in ms and the answers that were not 2xx/3xx, and given the
 * server's `pid`, its CPU time per answer in ms (steadier than requests/s on a shared machine).
 */
export function wrk(url, luaScript, { seconds, dir, core = 1, pid }) {
  const script = join(dir, `script-${randomBytes(4).toString('hex')}.lua`);
  writeFileSync(script, luaScript);
  const cpuBefore = processCpuMs(pid);
  const out = execFileSync(
    'taskset',
    ['-c', String(core), 'wrk', '-t1', '-c16', `-d${seconds}s`, '--latency', '-s', script, url],
    { encoding: 'utf8' },
  );
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  const p99raw = out.match(/\s99%\s+([\d.]+)(us|ms|s)/);
  const p99 = p99raw ? Number(p99raw[1]) * { us: 0.001, ms: 1, s: 1000 }[p99raw[2]] : Number.NaN;
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
  const total = out.match(/(\d+) requests in ([\d.]+)(us|ms|s|m)\b/);
  const elapsed = total ? Number(total[2]) * { us: 1e-6, ms: 0.001, s: 1, m: 60 }[total[3]] : Number.NaN;
  /** Answers per second that were 2xx/3xx: what a run that ran out of single-use tokens really did. */
  const okRps = total ? (Number(total[1]) - non2xx) / elapsed : Number.NaN;
  const cpuMs = (processCpuMs(pid) - cpuBefore) / Number(total?.[1] ?? Number.NaN);
  return { rps, okRps, p99, non2xx, cpuMs };
}

/** A wrk Lua script that sends one fixed request (a JSON body when given). */
export function fixedRequest(method, body, headers = {}) {
  const lines = [`wrk.method = "${method}"`];
  if (body !== undefined) lines.push(`wrk.body = '${body}'`, 'wrk.headers["Content-Type"] = "application/json"');
  for (const [name, value] of Object.entries(headers)) lines.push(`wrk.headers["${name}"] = "${value}"`);
  return `${lines.join('\n')}\n`;
}

/** `uptime`'s load averages, to print beside a figure taken on a shared machine. */
export function load() {
  try {
    return (
      execFileSync('uptime', { encoding: 'utf8' })
        .match(/load averages?:\s*(.*)$/m)?.[1]
        ?.trim() ?? '?'
    );
  } catch {
    return '?';
  }
}

/**
 * A PostgreSQL database of its own on the server of `adminUrl` (`postgres://…`), named
 * `prefix_<random>`: its URL and the function that drops it. `pg` is the server's own.
 */
export function scratchDatabase(adminUrl, prefix) {
  const pg = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');
  const admin = async (query) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(query);
    } finally {
      await client.end();
    }
  };
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    create: () => admin(`create database ${name}`),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
