// Measures the public catalog reads every page load makes, each beside a bare Fastify route
// (bench/bare-server.mjs) on the same core: wrk on core 1, both servers pinned to core 0, the
// demo catalog on SQLite. Each route is measured right after its own bare-route run, so that
// a shared machine's drifting load moves both figures of a ratio alike; of ROUNDS such pairs
// the median ratio is printed. Prints req/s, p99, the ratio to the bare route and PASS/FAIL
// against the goal (≥ 50 % of the bare route). Needs `npm run build:ts` and wrk.
// Beside req/s it prints the server's CPU time per answer (from /proc), steadier on a shared
// machine: bare CPU ÷ route CPU is the share of the bare route's rate each would reach on a core
// of its own.
// SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR' profiles fxid's server (written when it exits).
// Usage: node bench/catalog-reads.mjs [seconds=3] [rounds=3] [only routes whose path contains this]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixedRequest, load, wrk } from './lib/http.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const main = join(root, 'apps/server/dist/main.js');
const seconds = Number(process.argv[2] ?? 3);
const ROUNDS = Number(process.argv[3] ?? 3);
const GOAL = 0.5;
const GAME = 'gem-garden';
const only = process.argv[4] ?? '';
const serverArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

if (!existsSync(main)) {
  console.error(`catalog-reads: ${main} is missing; run \`npm run build:ts\` first`);
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), 'fxid-catalog-bench-'));
const children = [];
/** Each started server's process id by its base URL (taskset execs node: the same process). */
const pids = new Map();

function start(script, env, port, probe, nodeArgs = []) {
  const child = spawn('taskset', ['-c', '0', process.execPath, ...nodeArgs, script], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  pids.set(`http://127.0.0.1:${port}`, child.pid);
  return waitUntilUp(`http://127.0.0.1:${port}`, probe);
}

async function waitUntilUp(base, probe) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}${probe.path}`, { method: probe.method })).status < 500) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${base} did not start`);
}

/** wrk -t1 -c16 on core 1 with one fixed request. */
const measure = (url, method, body) =>
  wrk(url, fixedRequest(method, body), { seconds, dir, pid: pids.get(new URL(url).origin) });

const ROUTES = [
  ['POST', 'games/list', { Locale: 'en' }],
  ['POST', 'games/list_with_configs', { Locale: 'en' }],
  ['GET', `public_game_config/${GAME}?WebPublishingPlatform=FxId`],
  ['POST', 'store/store_data', { Game: GAME, Locale: 'en', WebPublishingPlatform: 'FxId' }],
  ['POST', 'store/store_availability', { Game: GAME, WebPublishingPlatform: 'FxId' }],
  ['POST', 'info/news', { Locale: 'en' }],
  ['POST', 'info/faq', { Locale: 'en' }],
  ['POST', 'games/documents/list-with-versions', { GameSystemName: GAME, Locale: 'en' }],
];

try {
  const bare = await start('bench/bare-server.mjs', {}, 8192, { path: '/bare', method: 'POST' });

  const server = await start(
    main,
    {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:8191',
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: join(dir, 'no-web'),
      DEMO_GAME_DIR: join(dir, 'no-demo'),
      OUTBOX_INTERVAL_MS: '0',
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
    },
    8191,
    { path: '/readyz', method: 'GET' },
    serverArgs,
  );

  console.log(
    `catalog-reads: wrk -t1 -c16 -d${seconds}s, median of ${ROUNDS} route/bare pairs, servers on core 0, wrk on core 1, SQLite, demo catalog, ` +
      `${availableParallelism()} CPUs, Node ${process.version}, load ${load()}`,
  );
  const row = (name, r, bareFigures, ratio, cpuRatio) =>
    `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${r.p99.toFixed(1).padStart(6)} ms  non-2xx ${r.non2xx}  ` +
    `bare ${bareFigures.rps.toFixed(0).padStart(6)} req/s  ${(100 * ratio).toFixed(1).padStart(5)} % (goal ≥ ${GOAL * 100} %) ${ratio >= GOAL ? 'PASS' : 'FAIL'}  ` +
    `CPU ${(1000 * r.cpuMs).toFixed(0)} µs/req, bare ${(1000 * bareFigures.cpuMs).toFixed(0)} µs: ${(100 * cpuRatio).toFixed(1)} %`;
  let failed = 0;
  const routes = ROUTES.filter(([, path]) => path.includes(only));
  for (const [method, path, body] of routes) {
    const url = `${server}/api/v1/${path}`;
    // Every route must answer 200 before it is measured (a 404 is fast and would flatter the figure).
    const check = await fetch(url, {
      method,
      ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
    });
    if (check.status !== 200) throw new Error(`${method} ${path} answered ${check.status}: ${await check.text()}`);
    const pairs = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bareFigures = measure(`${bare}/bare`, 'POST', '{}');
      const figures = measure(url, method, body && JSON.stringify(body));
      pairs.push({ bareFigures, figures, ratio: figures.non2xx > 0 ? 0 : figures.rps / bareFigures.rps });
    }
    const cpuRatios = pairs.map((pair) => pair.bareFigures.cpuMs / pair.figures.cpuMs).sort((a, b) => a - b);
    pairs.sort((a, b) => a.ratio - b.ratio);
    const { bareFigures, figures, ratio } = pairs[Math.floor(pairs.length / 2)];
    if (ratio < GOAL) failed++;
    const cpuRatio = cpuRatios[Math.floor(cpuRatios.length / 2)];
    console.log(row(`${method} /${path.split('?')[0]}`, figures, bareFigures, ratio, cpuRatio));
  }
  console.log(
    `goal: every route ≥ ${GOAL * 100} % of the bare route: ${failed === 0 ? 'PASS' : `FAIL (${failed} of ${routes.length} below)`}`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  rmSync(dir, { recursive: true, force: true });
}
