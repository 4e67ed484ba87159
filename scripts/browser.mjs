// Finds the Chromium the browser suite drives and, where none exists, gets one the
// way the machine allows: as root on Debian through apt-get (once, saying so),
// elsewhere one line naming what to install. Never a silent skip.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** Browser commands looked up on the search path, in this order. */
export const BROWSER_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** What to tell a person whose machine has no browser and cannot get one by itself. */
export const INSTALL_HINT =
  'install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`; Fedora: `sudo dnf install chromium`; ' +
  'macOS: `brew install --cask chromium`) or set CHROME_PATH to a Chrome or Chromium executable';

/** True for an existing regular file this process may execute. */
export function isExecutable(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The Chromium that Playwright would manage (`npx playwright install`), whether or not it is there. */
export function playwrightChromium() {
  try {
    const require = createRequire(new URL('../e2e/package.json', import.meta.url));
    // playwright-core is ESM-and-CJS; its CJS entry answers without launching anything.
    return require('playwright-core').chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The browser to use, as `{ path, source }`, or `{ error }` when CHROME_PATH names
 * something unusable, or undefined when there is none. Looks at CHROME_PATH, then the
 * commands above on FXID_BROWSER_SEARCH_PATH (default: PATH; tests point it at a folder
 * without browsers), then a Playwright-managed Chromium.
 */
export function findBrowser({ env = process.env, exists = isExecutable, managed = playwrightChromium } = {}) {
  if (env.CHROME_PATH) {
    return exists(env.CHROME_PATH)
      ? { path: env.CHROME_PATH, source: 'CHROME_PATH' }
      : { error: `CHROME_PATH=${env.CHROME_PATH} is not an executable file` };
  }
  const dirs = (env.FXID_BROWSER_SEARCH_PATH ?? env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const command of BROWSER_COMMANDS) {
    for (const dir of dirs) {
      const path = join(dir, command);
      if (exists(path)) return { path, source: command };
    }
  }
  const playwright = managed();
  if (playwright && exists(playwright)) return { path: playwright, source: 'Playwright' };
  return undefined;
}

/**
 * How a machine without a browser gets one: `apt` as root on Debian (or a derivative)
 * with apt-get, otherwise `advise` (print INSTALL_HINT and fail).
 */
export function installPlan({ isRoot, isDebian, hasAptGet }) {
  return isRoot && isDebian && hasAptGet ? 'apt' : 'advise';
}

function machine(env) {
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  return {
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    isDebian: existsSync('/etc/debian_version'),
    hasAptGet: dirs.some((dir) => isExecutable(join(dir, 'apt-get'))),
  };
}

/**
 * The browser's path, installing Debian's chromium first when that is how this machine
 * gets one; otherwise prints one line with what to install and exits non-zero.
 */
export function ensureBrowser({ env = process.env, log = console.log, fail = failWith } = {}) {
  const found = findBrowser({ env });
  if (found?.path) return found.path;
  if (found?.error) return fail(`tests: ${found.error}; unset it or ${INSTALL_HINT}`);
  if (installPlan(machine(env)) === 'advise') {
    return fail(`tests: the browser suite needs Chromium and none was found: ${INSTALL_HINT}`);
  }
  log("tests: no Chromium found; installing Debian's chromium (apt-get install -y chromium), once");
  const apt = (...args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  // Another apt run (unattended upgrades, a second job) holds the lock for a while: wait for it.
  const wait = ['-o', 'DPkg::Lock::Timeout=300'];
  const update = apt(...wait, 'update', '-qq');
  const install = update.status === 0 ? apt(...wait, 'install', '-y', '-qq', 'chromium') : update;
  if (install.status !== 0) {
    const step = update.status === 0 ? 'install -y chromium' : 'update';
    return fail(`tests: \`apt-get ${step}\` failed (exit ${install.status}); ${INSTALL_HINT}`);
  }
  const after = findBrowser({ env });
  if (after?.path) return after.path;
  return fail(`tests: apt-get installed chromium, but no browser is on the search path; ${INSTALL_HINT}`);
}

function failWith(line) {
  console.error(line);
  process.exit(1);
}
