// SDK call latency: round trips game → portal → game through the built SDK (packages/sdk/dist).
// 1. Chromium (Debian's /usr/bin/chromium via playwright-core, headless): a host page and a game
//    page served by a tiny node:http server on two 127.0.0.1 ports, so the game iframe is
//    cross-origin as in production; a second run puts the game on http://localhost (another site,
//    so an out-of-process iframe under site isolation). Pages are cross-origin isolated
//    (COOP/COEP) so that performance.now() is fine-grained (5 µs rather than 100 µs).
// 2. Node: a real MessageChannel with the windows around it faked, as in the SDK's tests.
// Prints p50/p90/p99/max in microseconds and calls per second for sequential calls and for
// concurrent bursts, beside a bare MessageChannel echo between the same two frames (the floor
// any channel protocol stands on), and PASS/FAIL for the goals p50 ≤ 0.2 ms and p50 ≤ 2× the
// echo's (Chromium, sequential). Informative:
// exits 0 whatever the figures; exits 1 only when Chromium cannot start. Builds only when dist is missing.
// Usage: node bench/sdk-latency.mjs [--calls 10000] [--burst 1000] [--chromium /usr/bin/chromium] [--no-node]
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchGameInfo } from './sdk-latency/game-info.js';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'packages/sdk/dist');
const pages = join(root, 'bench/sdk-latency');
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const CALLS = Number(option('calls', 10_000));
const BURST = Number(option('burst', 1000));
const CHROMIUM = option('chromium', '/usr/bin/chromium');
const BURSTS = 10;
const WARMUP = 1000;
/** The goal: p50 of a sequential call in Chromium, in microseconds. */
const GOAL_P50_US = 200;
/** The goal: an SDK call's p50 at most this many times a bare MessageChannel echo's, same frames. */
const GOAL_RATIO = 2;

if (!existsSync(join(dist, 'fxid-sdk.js')) || !existsSync(join(dist, 'host.js'))) {
  console.log('building @fxid/sdk…');
  execFileSync('npm', ['run', 'build', '-w', '@fxid/sdk'], { cwd: root, stdio: 'inherit' });
}
const { createFxidSdk, SDK_VERSION } = await import(pathToFileURL(join(dist, 'fxid-sdk.js')).href);
const { createGameHost } = await import(pathToFileURL(join(dist, 'host.js')).href);

/** Percentiles of durations in microseconds; returns p50. */
function report(label, durationsUs, wallMs) {
  const sorted = Float64Array.from(durationsUs).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  const us = (value) => value.toFixed(1).padStart(8);
  const rate = Math.round(durationsUs.length / (wallMs / 1000));
  console.log(
    `  ${label.padEnd(47)} p50 ${us(at(0.5))} µs  p90 ${us(at(0.9))} µs  p99 ${us(at(0.99))} µs  max ${us(at(1))} µs  ${String(rate).padStart(7)} calls/s`,
  );
  return at(0.5);
}

const METHODS = [
  ['getInfo (GameInfo)', 'getInfo'],
  ['ads.isVideoReady (boolean)', 'ads.isVideoReady'],
];

// ---------------------------------------------------------------- Chromium

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

/** /sdk/<file> from dist, /<page>.html from bench/sdk-latency; every answer cross-origin isolated. */
function serve(request, response) {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  if (path === '/favicon.ico') {
    response.writeHead(204).end();
    return;
  }
  const file = path.startsWith('/sdk/') ? join(dist, basename(path)) : join(pages, basename(path));
  let body;
  try {
    body = readFileSync(file);
  } catch {
    response.writeHead(404).end('not found');
    return;
  }
  response
    .writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-embedder-policy': 'require-corp',
      'cross-origin-resource-policy': 'cross-origin',
    })
    .end(body);
}

async function listen() {
  const server = createServer(serve);
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  return { server, port: server.address().port };
}

/** In the game frame: `count` sequential calls, each timed with performance.now(). */
function sequentialInPage({ method, count }) {
  return (async () => {
    const sdk = window.fxidSdk;
    const durations = new Array(count);
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      await sdk.call(method);
      durations[i] = performance.now() - t0;
    }
    return { durations, wall: performance.now() - start };
  })();
}

/** In the game frame: `count` sequential round trips over a bare MessageChannel echo answering as `method` would (the baseline). */
function echoInPage({ method, count }) {
  return (async () => {
    const echo = await window.fxidEcho;
    const durations = new Array(count);
    const start = performance.now();
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      await echo({ id: i, method });
      durations[i] = performance.now() - t0;
    }
    return { durations, wall: performance.now() - start };
  })();
}

/** In the game frame: `bursts` rounds of `size` calls in flight at once, each timed from its burst's start. */
function concurrentInPage({ method, bursts, size }) {
  return (async () => {
    const sdk = window.fxidSdk;
    const durations = [];
    const start = performance.now();
    for (let b = 0; b < bursts; b++) {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: size }, () => sdk.call(method).then(() => durations.push(performance.now() - t0))),
      );
    }
    return { durations, wall: performance.now() - start };
  })();
}

/** In the game frame: isolation and the smallest step performance.now() takes. */
function clockInPage() {
  let step = Number.POSITIVE_INFINITY;
  for (let i = 0, last = performance.now(); i < 200_000 && step > 0.001; i++) {
    const now = performance.now();
    if (now > last) step = Math.min(step, now - last);
    last = now;
  }
  return { isolated: self.crossOriginIsolated, stepUs: step * 1000, agent: navigator.userAgent };
}

async function chromium() {
  let playwright;
  try {
    playwright = await import('playwright-core');
  } catch (error) {
    console.error(`cannot load playwright-core (npm install at the root?): ${error.message}`);
    process.exit(1);
  }
  let browser;
  try {
    browser = await playwright.chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
  } catch (error) {
    console.error(`Chromium did not start (${CHROMIUM}; pass another with --chromium PATH):\n${error.message}`);
    process.exit(1);
  }
  const hostServer = await listen();
  const gameServer = await listen();
  const hostOrigin = `http://127.0.0.1:${hostServer.port}`;
  const verdicts = [];
  try {
    console.log(`Chromium ${browser.version()} (${CHROMIUM}), headless, host page ${hostOrigin}`);
    const cdp = await browser.newBrowserCDPSession();
    const scenarios = [
      ['cross-origin, same site', `http://127.0.0.1:${gameServer.port}`],
      ['cross-site', `http://localhost:${gameServer.port}`],
    ];
    for (const [name, gameOrigin] of scenarios) {
      const page = await browser.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') console.log(`  [page] ${message.text()}`);
      });
      page.on('pageerror', (error) => console.log(`  [page error] ${error.message}`));
      await page.goto(`${hostOrigin}/host.html?game=${encodeURIComponent(gameOrigin)}`);
      const frame = await waitForFrame(page, gameOrigin);
      const ready = await frame.evaluate(() => window.fxidReady);
      if (ready !== 'ok') throw new Error(`game page: ${ready}`);
      const { targetInfos } = await cdp.send('Target.getTargets');
      const oopif = targetInfos.some((target) => target.type === 'iframe' && target.url.startsWith(gameOrigin));
      const clock = await frame.evaluate(clockInPage);
      console.log(
        `${name}: game ${gameOrigin} in an ${oopif ? 'out-of-process' : 'in-process'} iframe; ` +
          `crossOriginIsolated ${clock.isolated}, performance.now() step ${clock.stepUs.toFixed(1)} µs`,
      );
      for (const [label, method] of METHODS) {
        await frame.evaluate(echoInPage, { method, count: WARMUP });
        const echo = await frame.evaluate(echoInPage, { method, count: CALLS });
        const echoP50 = report(`bare echo, same answer, ${CALLS} sequential`, echo.durations.map(toUs), echo.wall);
        await frame.evaluate(sequentialInPage, { method, count: WARMUP });
        const seq = await frame.evaluate(sequentialInPage, { method, count: CALLS });
        const p50 = report(`${label}, ${CALLS} sequential`, seq.durations.map(toUs), seq.wall);
        verdicts.push({ name, label, p50, echoP50 });
        const burst = await frame.evaluate(concurrentInPage, { method, bursts: BURSTS, size: BURST });
        report(`${label}, ${BURSTS}×${BURST} concurrent`, burst.durations.map(toUs), burst.wall);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    hostServer.server.close();
    gameServer.server.close();
  }
  console.log(
    `goals: p50 ≤ ${GOAL_P50_US / 1000} ms per sequential call in Chromium, and ≤ ${GOAL_RATIO}× a bare MessageChannel echo's p50`,
  );
  for (const { name, label, p50, echoP50 } of verdicts) {
    const ratio = p50 / echoP50;
    console.log(
      `  ${p50 <= GOAL_P50_US ? 'PASS' : 'FAIL'}  ${name}, ${label}: p50 ${p50.toFixed(1)} µs\n` +
        `  ${ratio <= GOAL_RATIO ? 'PASS' : 'FAIL'}  ${name}, ${label}: ${ratio.toFixed(2)}× the bare echo with the same answer (${echoP50.toFixed(1)} µs)`,
    );
  }
}

const toUs = (ms) => ms * 1000;

/** The game's frame once it is attached (it may load after the host page's load event). */
async function waitForFrame(page, origin) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const frame = page.frames().find((candidate) => candidate.url().startsWith(origin));
    if (frame) {
      await frame.waitForFunction(() => window.fxidReady !== undefined);
      return frame;
    }
    if (Date.now() > deadline) throw new Error(`the game frame ${origin} never loaded`);
    await page.waitForTimeout(20);
  }
}

// ---------------------------------------------------------------- Node

/** A fake window: postMessage delivers a MessageEvent with source, origin and ports, honouring targetOrigin. */
function fakeWindow(origin) {
  const win = new EventTarget();
  Object.assign(win, { origin, document: { referrer: '' }, location: {}, sender: undefined });
  win.parent = win;
  win.postMessage = (data, targetOrigin, ports = []) => {
    if (targetOrigin !== '*' && targetOrigin !== origin) return;
    const sender = win.sender ?? win;
    const event = new MessageEvent('message', { data: structuredClone(data), origin: sender.origin, ports });
    Object.defineProperty(event, 'source', { value: sender });
    queueMicrotask(() => win.dispatchEvent(event));
  };
  return win;
}

/** `count` calls one after another, each awaited before the next; durations in µs, wall in ms. */
async function sequential(count, call) {
  const durations = new Array(count);
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    await call();
    durations[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  return { durations, wall: Number(process.hrtime.bigint() - start) / 1e6 };
}

/** `bursts` rounds of `size` calls in flight at once; each call's time runs from the burst's start. */
async function concurrent(bursts, size, call) {
  const durations = [];
  const start = process.hrtime.bigint();
  for (let b = 0; b < bursts; b++) {
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: size }, () =>
        call().then(() => durations.push(Number(process.hrtime.bigint() - t0) / 1000)),
      ),
    );
  }
  return { durations, wall: Number(process.hrtime.bigint() - start) / 1e6 };
}

async function node() {
  const portal = fakeWindow('https://portal.test');
  const game = fakeWindow('https://game.test');
  game.parent = portal;
  game.document.referrer = 'https://portal.test/play/bench';
  portal.sender = game;
  game.sender = portal;

  const info = benchGameInfo(SDK_VERSION);
  const host = createGameHost({
    getGameWindow: () => game,
    gameOrigin: game.origin,
    hostWindow: portal,
    handlers: { getInfo: () => info, ads: { isVideoReady: () => true } },
  });
  host.start();
  const sdk = createFxidSdk({ window: game });
  await sdk.init();

  console.log(`Node ${process.version}, real MessageChannel, fake windows`);
  for (const [label, method] of METHODS) {
    const call = () => sdk.call(method);
    await sequential(WARMUP, call);
    const seq = await sequential(CALLS, call);
    report(`${label}, ${CALLS} sequential`, seq.durations, seq.wall);
    const burst = await concurrent(BURSTS, BURST, call);
    report(`${label}, ${BURSTS}×${BURST} concurrent`, burst.durations, burst.wall);
  }
  sdk.dispose();
  host.dispose();
}

console.log(`SDK ${SDK_VERSION.major}.${SDK_VERSION.minor} build ${SDK_VERSION.build}, built dist`);
await chromium();
if (!process.argv.includes('--no-node')) {
  console.log();
  await node();
}
process.exit(0);
