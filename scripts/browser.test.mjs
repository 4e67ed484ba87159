import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBrowser, INSTALL_HINT, installPlan } from './browser.mjs';

const none = () => undefined;

describe('findBrowser', () => {
  it('takes CHROME_PATH first, and names it when it is not an executable', () => {
    const exists = (file) => file === '/opt/chrome/chrome' || file === '/usr/bin/chromium';
    expect(
      findBrowser({ env: { CHROME_PATH: '/opt/chrome/chrome', PATH: '/usr/bin' }, exists, managed: none }),
    ).toEqual({ path: '/opt/chrome/chrome', source: 'CHROME_PATH' });
    expect(findBrowser({ env: { CHROME_PATH: '/nope', PATH: '/usr/bin' }, exists, managed: none })).toEqual({
      error: 'CHROME_PATH=/nope is not an executable file',
    });
  });

  it('looks for chromium, chromium-browser, google-chrome in that order along the path', () => {
    const present = new Set(['/b/google-chrome', '/c/chromium-browser']);
    const found = findBrowser({ env: { PATH: '/a:/b:/c' }, exists: (file) => present.has(file), managed: none });
    expect(found).toEqual({ path: '/c/chromium-browser', source: 'chromium-browser' });
  });

  it('falls back to a Playwright-managed Chromium, and finds nothing on a path without browsers', () => {
    const managed = () => '/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';
    const onlyManaged = (file) => file === managed();
    expect(findBrowser({ env: { PATH: '/usr/bin' }, exists: onlyManaged, managed })).toEqual({
      path: managed(),
      source: 'Playwright',
    });
    expect(findBrowser({ env: { PATH: '/usr/bin' }, exists: () => false, managed })).toBeUndefined();
  });

  it('searches FXID_BROWSER_SEARCH_PATH instead of PATH when it is set', () => {
    const exists = (file) => file === '/usr/bin/chromium';
    expect(
      findBrowser({ env: { PATH: '/usr/bin', FXID_BROWSER_SEARCH_PATH: '/empty' }, exists, managed: none }),
    ).toBeUndefined();
  });
});

describe('installPlan', () => {
  it('installs with apt-get only as root on Debian with apt-get, and advises everywhere else', () => {
    expect(installPlan({ isRoot: true, isDebian: true, hasAptGet: true })).toBe('apt');
    expect(installPlan({ isRoot: false, isDebian: true, hasAptGet: true })).toBe('advise');
    expect(installPlan({ isRoot: true, isDebian: false, hasAptGet: false })).toBe('advise');
    expect(installPlan({ isRoot: true, isDebian: true, hasAptGet: false })).toBe('advise');
  });
});

describe('ensureBrowser in a process', () => {
  const script = join(import.meta.dirname, 'browser.mjs');
  const run = (env) =>
    spawnSync(process.execPath, ['--input-type=module', '-e', `import('${script}').then((m) => m.ensureBrowser())`], {
      env: { PLAYWRIGHT_BROWSERS_PATH: mkdtempSync(join(tmpdir(), 'no-playwright-')), ...env },
      encoding: 'utf8',
    });

  it('fails with one line naming what to install when no browser exists and none can be installed', () => {
    // No apt-get on this PATH, so even root on Debian is told rather than installed for.
    const result = run({ PATH: mkdtempSync(join(tmpdir(), 'empty-path-')) });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `tests: the browser suite needs Chromium and none was found: ${INSTALL_HINT}`,
    ]);
  });

  it('answers with the browser it found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'fake-browser-'));
    writeFileSync(join(dir, 'google-chrome'), '#!/bin/sh\n');
    chmodSync(join(dir, 'google-chrome'), 0o755);
    const result = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `import('${script}').then((m) => console.log(m.ensureBrowser()))`],
      { env: { PATH: dir }, encoding: 'utf8' },
    );
    expect(result.stdout.trim()).toBe(join(dir, 'google-chrome'));
  });
});
