// Portal budget: first-load JS (gzip) of every route, and Lighthouse's performance
// score of the landing page served by the real server. Exits 1 when a route is over
// the budget. Usage: node bench/portal-budget.mjs [--build] [--no-lighthouse]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');
const manifestFile = join(dist, '.vite/manifest.json');
const args = new Set(process.argv.slice(2));

if (args.has('--build') || !existsSync(manifestFile)) {
  console.log('building the portal…');
  execFileSync('npm', ['run', 'build', '-w', '@fxid/web'], { cwd: root, stdio: 'inherit' });
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** A chunk and everything it imports statically, as manifest keys. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`not in the build manifest: ${key}`);
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const src = (path) => `src/${path}`;
const layout = { hero: src('app/layouts/HeroLayout.tsx'), small: src('app/layouts/SmallHeroLayout.tsx') };
const feature = (path) => src(`features/${path}`);
// The store's strings load with the store and payment pages, beside their chunks.
const storeStrings = src('shared/i18n/locales/store/en.ts');
// Every route of the portal with the lazy chunks it loads (its layout and its page).
const ROUTES = {
  '/ (landing)': [layout.hero, src('app/pages/LandingPage.tsx')],
  '/play/{game} (player; single-game /)': [layout.small, feature('player/components/PlayerPage.tsx')],
  '/{token} (card payment form)': [layout.small, feature('payment/components/PaymentFormPage.tsx'), storeStrings],
  '/Store/{game}': [layout.small, feature('store/components/StorePage.tsx'), storeStrings],
  '/Store/ContinueWithPI': [layout.small, feature('store/components/ContinueWithPiPage.tsx'), storeStrings],
  '/Store/Return/{id}': [layout.small, feature('store/components/PaymentReturnPage.tsx'), storeStrings],
  '/Store/MerchantPaymentCompleted/{token}': [
    layout.small,
    feature('store/components/MerchantPaymentCompletedPage.tsx'),
    storeStrings,
  ],
  '/Docs/{doc}': [layout.small, feature('docs/components/DocsPage.tsx')],
  '/docs/{adapter}/{lang}/{file}': [layout.small, feature('docs/components/DocsFilePage.tsx')],
  '/docs/{game}/{adapter}/contacts': [layout.small, feature('docs/components/ContactsPage.tsx')],
  '/{game}/documents/{id}/view': [layout.small, feature('docs/components/DocumentViewPage.tsx')],
  '/error': [layout.small, feature('errors/components/ErrorPage.tsx')],
  '/Profile': [layout.small, feature('profile/components/ProfilePage.tsx')],
  '/discord-qr': [layout.small, feature('discord/components/DiscordQrPage.tsx')],
  '/LoginValidateEmail': [layout.small, feature('auth/components/LoginValidateEmailPage.tsx')],
  '/LoginWithTempToken': [layout.small, feature('auth/components/LoginWithTempTokenPage.tsx')],
  '/LoginFromGame/{game}/{token}': [layout.small, feature('auth/components/LoginFromGamePage.tsx')],
};

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
// The default locale's messages are fetched at start, before the first render.
const localeKey = src('shared/i18n/locales/en.ts');
const shell = closure([entryKey, localeKey]);
const sizeOf = (keys) => [...keys].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
const shellKb = sizeOf(shell);
const cssKb = (manifest[entryKey].css ?? []).reduce((sum, file) => sum + gzipKb(file), 0);

console.log(`\nfirst-load JS, gzip -9 (budget ${BUDGET_KB} KB per route)`);
console.log(
  `  shell: entry + static imports + default locale = ${shellKb.toFixed(1)} KB; CSS ${cssKb.toFixed(1)} KB\n`,
);
let over = 0;
const width = Math.max(...Object.keys(ROUTES).map((route) => route.length));
for (const [route, keys] of Object.entries(ROUTES)) {
  const all = closure(keys, new Set(shell));
  const kb = sizeOf(all);
  const verdict = kb <= BUDGET_KB ? 'ok' : 'OVER';
  if (kb > BUDGET_KB) over++;
  console.log(`  ${route.padEnd(width)}  ${kb.toFixed(1).padStart(6)} KB  (+${(kb - shellKb).toFixed(1)})  ${verdict}`);
}
const markdown = sizeOf(closure([src('shared/ui/MarkdownContent.tsx')], new Set(shell))) - shellKb;
console.log(`\n  loaded after first render: markdown renderer ${markdown.toFixed(1)} KB (document pages only)`);

if (!args.has('--no-lighthouse'))
  console.log(`\nLighthouse performance of the landing page: ${await lighthouseScore()}`);
if (over > 0) {
  console.error(`\n${over} route(s) over the ${BUDGET_KB} KB budget`);
  process.exit(1);
}

async function lighthouseScore() {
  const serverMain = join(root, 'apps/server/dist/main.js');
  if (!existsSync(serverMain)) return 'skipped (apps/server/dist missing: run npm run build)';
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fxid-budget-'));
  const server = spawn('node', [serverMain], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    await waitForServer(`http://127.0.0.1:${port}/readyz`);
    const scores = [];
    // Simulated throttling varies between runs: the median of three.
    for (let run = 0; run < 3; run++) {
      const result = await lighthouse(`http://127.0.0.1:${port}/`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      const { audits, categories } = result.lhr;
      scores.push(categories.performance.score);
      console.log(
        `  run ${run + 1}: score ${categories.performance.score}, FCP ${audits['first-contentful-paint'].displayValue}, LCP ${audits['largest-contentful-paint'].displayValue}, TBT ${audits['total-blocking-time'].displayValue}`,
      );
    }
    console.log(`  landing heading on emulated slow 4G: ${await slowNetworkHeadingMs(port)}`);
    return scores.sort()[1];
  } finally {
    chrome.kill();
    server.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What a player on a slow phone network waits for: the landing's heading, in Chromium with
 * Lighthouse's slow-4G network (150 ms round trips, 1.6 Mbps down), fresh cache each load.
 */
async function slowNetworkHeadingMs(port) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  const times = [];
  try {
    for (let load = 0; load < 7; load++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      const start = Date.now();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      times.push(Date.now() - start);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return `median ${times[3]} ms over 7 loads (${times[0]}–${times[6]} ms)`;
}

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

async function waitForServer(url) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${url}`);
}
