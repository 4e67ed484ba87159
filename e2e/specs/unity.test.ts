import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ownServerWithGames } from '../harness/catalog';
import { browserSession } from '../harness/session';

// A Unity WebGL game in the player. No real Unity build fits in the repository, so the
// browser is handed a tiny build at the network layer: its build JSON, and a loader
// whose createUnityInstance records what the portal passed and draws on the canvas.

const UNITY_GAME = `Games:
  - GameSystemName: unity-fixture
    Names: { en: Unity Fixture }
    ShortDescriptions: { en: A WebGL build served by the browser test. }
    IconUrl: /catalog/sky-runner/icon.svg
    Tags: [test]
    PlayGameType: Unity
    Unity: { BaseUrl: /unity-fixture, UnityBuildJson: fixture.json, Compression: Brotli }
    Platforms: [fxid]
    SupportedLanguages: [en]
    DefaultLanguage: en
    GameOrientation: Horizontal
    MobileGameOrientation: Horizontal
`;

const BUILD_JSON = {
  dataUrl: 'fixture.data',
  frameworkUrl: 'fixture.framework.js',
  codeUrl: 'fixture.wasm',
  companyName: 'Foxhound Interactive',
  productName: 'Unity Fixture',
  productVersion: '1.0',
};

const LOADER = `
window.createUnityInstance = async (canvas, config, onProgress) => {
  const data = await fetch(config.dataUrl);
  window.unityStarted = { config, canvasId: canvas.id, dataStatus: data.status };
  const context = canvas.getContext('2d');
  context.fillStyle = '#3366ff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  onProgress(1);
  return { Quit: async () => { window.unityQuit = true; } };
};`;

const server = ownServerWithGames(UNITY_GAME);

const session = browserSession(() => server.url);

/** Serves the build; `requested` lists every build file the browser asked for. */
async function serveBuild(page: Page, options: { buildJsonStatus?: number } = {}): Promise<string[]> {
  const requested: string[] = [];
  await page.route('**/unity-fixture/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    requested.push(path);
    if (path.endsWith('/Build/fixture.json')) {
      if (options.buildJsonStatus) return route.fulfill({ status: options.buildJsonStatus, body: 'gone' });
      return route.fulfill({ json: BUILD_JSON });
    }
    if (path.endsWith('/Build/fixture.loader.js')) {
      return route.fulfill({ body: LOADER, contentType: 'text/javascript' });
    }
    if (path.endsWith('.br')) return route.fulfill({ body: 'data', contentType: 'application/octet-stream' });
    return route.fulfill({ status: 404, body: 'not in the build' });
  });
  return requested;
}

describe('a Unity WebGL game', () => {
  it('loads the build JSON, then the loader, and starts the instance with the Brotli files', async () => {
    const { page } = await session.tab();
    const requested = await serveBuild(page);
    await page.goto('play/unity-fixture');
    await page.locator('#unity-canvas').waitFor();
    await page.getByTestId('game-loader').waitFor({ state: 'detached' });

    const started = await page.evaluate(() => (window as { unityStarted?: unknown }).unityStarted);
    expect(started).toEqual({
      canvasId: 'unity-canvas',
      dataStatus: 200,
      config: {
        dataUrl: '/unity-fixture/Build/fixture.data.br',
        frameworkUrl: '/unity-fixture/Build/fixture.framework.js.br',
        codeUrl: '/unity-fixture/Build/fixture.wasm.br',
        streamingAssetsUrl: '/unity-fixture/StreamingAssets',
        companyName: 'Foxhound Interactive',
        productName: 'Unity Fixture',
        productVersion: '1.0',
      },
    });
    expect(requested.slice(0, 2)).toEqual([
      '/unity-fixture/Build/fixture.json',
      '/unity-fixture/Build/fixture.loader.js',
    ]);
    // No iframe: the build runs on the portal's own canvas.
    expect(await page.getByTestId('game-frame').count()).toBe(0);
  });

  it('goes to the error page when the build cannot be found', async () => {
    const { page, problems } = await session.tab();
    await serveBuild(page, { buildJsonStatus: 404 });
    await page.goto('play/unity-fixture');
    await page.waitForURL(/\/error/);
    await page.getByRole('heading').first().waitFor();
    expect(page.url()).toContain('/error');
    // The failed build request and the portal's own error log are the point of this test.
    problems.reset();
  });
});
