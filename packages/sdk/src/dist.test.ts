/**
 * Checks the BUILT files, as a game receives them: the UMD bundle run in a bare script
 * context exposes the global `FxidSDK`, and the ES modules import nothing but each other.
 * The root `npm test` builds first; a bare `vitest run` needs `npm run build -w @fxid/sdk`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import * as source from './index.js';
import { SDK_VERSION } from './version.js';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

/** The path of a built file; a missing build fails with what to run instead of a bare ENOENT. */
function built(file: string): string {
  const path = join(dist, file);
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`npm run build -w @fxid/sdk\` before testing the built SDK`);
  }
  return path;
}

/** Runs the UMD file the way a plain `<script>` does: no module system, a window-like global. */
function loadUmd() {
  const code = readFileSync(built('fxid-sdk.umd.cjs'), 'utf8');
  const context = createContext({ setTimeout, clearTimeout, setInterval, clearInterval, console });
  // A top-level page: window, self and parent are the global itself.
  runInContext(
    'globalThis.window = globalThis; globalThis.self = globalThis; globalThis.parent = globalThis;',
    context,
  );
  runInContext(code, context, { filename: 'fxid-sdk.umd.cjs' });
  return context as { FxidSDK?: Record<string, unknown> };
}

/** Every module specifier a built ES file imports or re-exports, static or dynamic. */
function specifiers(code: string): string[] {
  return [...code.matchAll(/\b(?:from|import)\s*\(?\s*["'`]([^"'`]+)["'`]/g)].map((match) => match[1] ?? '');
}

describe('UMD build (plain <script> tag)', () => {
  it('defines the global FxidSDK with everything index.ts exports', () => {
    const { FxidSDK } = loadUmd();
    expect(FxidSDK, 'the UMD bundle did not define globalThis.FxidSDK').toBeDefined();
    expect(Object.keys(FxidSDK ?? {}).sort()).toEqual(Object.keys(source).sort());
    expect(typeof FxidSDK?.createFxidSdk).toBe('function');
    expect(typeof FxidSDK?.SdkError).toBe('function');
  });

  it('carries SDK version 1.6, build 3159', () => {
    const { FxidSDK } = loadUmd();
    const version = { ...(FxidSDK?.SDK_VERSION as object) };
    expect(version).toEqual({ major: 1, minor: 6, build: 3159 });
    expect(version).toEqual(SDK_VERSION);
    const sdk = FxidSDK?.sdk as { version: object; state: string };
    expect({ ...sdk.version }).toEqual(version);
    expect(sdk.state).toBe('idle');
  });

  it('works without a bundler: init outside a portal fails with init_failed', async () => {
    const { FxidSDK } = loadUmd();
    const create = FxidSDK?.createFxidSdk as () => { init(): Promise<unknown>; state: string };
    const sdk = create();
    await expect(sdk.init()).rejects.toMatchObject({ name: 'SdkError', code: 'init_failed' });
    expect(sdk.state).toBe('failed');
  });

  it('requires no module at run time', () => {
    const code = readFileSync(built('fxid-sdk.umd.cjs'), 'utf8');
    expect(code).not.toMatch(/\brequire\s*\(/);
  });
});

describe('ES module build', () => {
  it('imports no bare package specifier (zero runtime dependencies)', () => {
    built('fxid-sdk.js');
    const files = readdirSync(dist).filter((file) => file.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(['fxid-sdk.js', 'host.js', 'protocol.js']));
    for (const file of files) {
      for (const specifier of specifiers(readFileSync(join(dist, file), 'utf8'))) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\.?\//);
        expect(existsSync(join(dist, specifier)), `${file} imports missing ${specifier}`).toBe(true);
      }
    }
  });

  it('exports what index.ts exports, at the same version', async () => {
    const esm = (await import(pathToFileURL(built('fxid-sdk.js')).href)) as Record<string, unknown>;
    expect(Object.keys(esm).sort()).toEqual(Object.keys(source).sort());
    expect(esm.SDK_VERSION).toEqual({ major: 1, minor: 6, build: 3159 });
  });
});
