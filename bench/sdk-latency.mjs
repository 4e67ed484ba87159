// SDK call latency: round trips between the built game SDK and the built portal host over a
// real MessageChannel in Node (the windows around them are faked, as in the SDK's tests).
// Prints p50/p90/p99/max in microseconds and calls per second for sequential calls and for
// concurrent bursts. Informative only: always exits 0. Builds only when dist is missing.
// Usage: node bench/sdk-latency.mjs [--calls 10000] [--burst 1000]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'packages/sdk/dist');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const CALLS = arg('calls', 10_000);
const BURST = arg('burst', 1000);
const BURSTS = 10;
const WARMUP = 1000;

if (!existsSync(join(dist, 'fxid-sdk.js')) || !existsSync(join(dist, 'host.js'))) {
  console.log('building @fxid/sdk…');
  execFileSync('npm', ['run', 'build', '-w', '@fxid/sdk'], { cwd: root, stdio: 'inherit' });
}
const { createFxidSdk, SDK_VERSION } = await import(pathToFileURL(join(dist, 'fxid-sdk.js')).href);
const { createGameHost } = await import(pathToFileURL(join(dist, 'host.js')).href);

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

const portal = fakeWindow('https://portal.test');
const game = fakeWindow('https://game.test');
game.parent = portal;
game.document.referrer = 'https://portal.test/play/bench';
portal.sender = game;
game.sender = portal;

const info = {
  game: 'bench',
  sdk: { ...SDK_VERSION },
  environment: {
    os: 'linux',
    isMobile: false,
    safeArea: { left: 0, right: 0, top: 0, bottom: 0 },
    supportedLocales: ['en'],
    defaultLocale: 'en',
  },
  fxId: { userId: null, guest: true, locale: 'en', token: null, gameToken: null, gameUid: null },
  social: { social: 'FxId', userId: null, displayName: 'Guest', capabilities: [] },
};
const host = createGameHost({
  getGameWindow: () => game,
  gameOrigin: game.origin,
  hostWindow: portal,
  handlers: { getInfo: () => info, ads: { isVideoReady: () => true } },
});
host.start();
const sdk = createFxidSdk({ window: game });
await sdk.init();

/** Percentiles of durations in nanoseconds, printed in microseconds. */
function report(label, durations, wallNs) {
  const sorted = Float64Array.from(durations).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] / 1000;
  const us = (value) => value.toFixed(1).padStart(8);
  const rate = Math.round(durations.length / (wallNs / 1e9));
  console.log(
    `${label.padEnd(47)} p50 ${us(at(0.5))} µs  p90 ${us(at(0.9))} µs  p99 ${us(at(0.99))} µs  max ${us(at(1))} µs  ${String(rate).padStart(7)} calls/s`,
  );
}

/** `count` calls one after another, each awaited before the next. */
async function sequential(count, call) {
  const durations = new Array(count);
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    await call();
    durations[i] = Number(process.hrtime.bigint() - t0);
  }
  return { durations, wall: Number(process.hrtime.bigint() - start) };
}

/** `bursts` rounds of `size` calls in flight at once; each call's time runs from the burst's start. */
async function concurrent(bursts, size, call) {
  const durations = [];
  const start = process.hrtime.bigint();
  for (let b = 0; b < bursts; b++) {
    const t0 = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: size }, () => call().then(() => durations.push(Number(process.hrtime.bigint() - t0)))),
    );
  }
  return { durations, wall: Number(process.hrtime.bigint() - start) };
}

const getInfo = () => sdk.getInfo();
const isVideoReady = () => sdk.ads.isVideoReady();
await sequential(WARMUP, getInfo);

console.log(
  `SDK ${SDK_VERSION.major}.${SDK_VERSION.minor} build ${SDK_VERSION.build}, Node ${process.version}, built dist, real MessageChannel`,
);
for (const [label, call] of [
  ['getInfo (GameInfo)', getInfo],
  ['ads.isVideoReady (boolean)', isVideoReady],
]) {
  const seq = await sequential(CALLS, call);
  report(`${label}, ${CALLS} sequential`, seq.durations, seq.wall);
  const burst = await concurrent(BURSTS, BURST, call);
  report(`${label}, ${BURSTS}×${BURST} concurrent`, burst.durations, burst.wall);
}

sdk.dispose();
host.dispose();
process.exit(0);
