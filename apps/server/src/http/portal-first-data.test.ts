import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIRST_DATA_ELEMENT_ID, type FirstData } from '@fxid/contract';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { readCatalogFile } from '../modules/catalog/catalog-file.js';
import { importCatalog } from '../modules/catalog/catalog-import.js';
import { CATALOG_CHECK_INTERVAL_MS } from '../modules/catalog/game-catalog.js';
import { DEMO_CATALOG, useTestApp } from '../test/app.js';
import { describeEachEngine } from '../test/databases.js';
import { signIn } from '../test/sign-in.js';
import { inertJson } from './portal-first-data.js';

/** A portal build of one page: index.html with the head marker, nothing else needed. */
function fakePortalBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'fxid-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--fxid:head--><script type="module" src="./assets/app.js"></script></head><body></body></html>',
  );
  return dist;
}

/** The first data a page holds, parsed as the portal parses it, and the element's raw text. */
function firstDataOf(html: string): { data: FirstData; raw: string } | undefined {
  const raw = new RegExp(`<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">(.*?)</script>`, 's').exec(
    html,
  )?.[1];
  return raw === undefined ? undefined : { data: JSON.parse(raw) as FirstData, raw };
}

const imagePreloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]*)">/g)].map((m) => m[1]);

describe('inertJson', () => {
  it('cannot end its script element or break a line, and parses back to the same value', () => {
    const value = { text: '</script><script>alert(1)</script><!-- & > \u2028\u2029' };
    const json = inertJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describeEachEngine('the start pages carry their first data', (engine) => {
  const locales = ['en', 'ru'];
  const testApp = useTestApp(engine, {
    webDistDir: fakePortalBuild(),
    portal: { ...testConfig().portal, locales },
  });

  const api = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await testApp().app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it("holds on the landing exactly the anonymous API's answers in the page's language, and preloads the first cover", async () => {
    for (const [locale, headers] of [
      ['en', {}],
      ['ru', { 'accept-language': 'ru-RU,ru;q=0.9' }],
    ] as const) {
      const page = await testApp().app.inject({ url: '/', headers });
      const first = firstDataOf(page.body);
      expect(first?.data.Locale).toBe(locale);
      const games = (await api('POST', '/api/v1/games/list', { Locale: locale })).AvailableGames;
      expect(first?.data.Games).toEqual(games);
      expect(first?.data.News).toEqual((await api('POST', '/api/v1/info/news', { Locale: locale })).News);
      expect(first?.data.NewsGame).toBeUndefined();
      // The first game's configuration brings the branding the header shows.
      expect(first?.data.GameConfigs).toEqual([
        {
          Game: 'sky-runner',
          Platform: 'FxId',
          Answer: await api('GET', '/api/v1/public_game_config/sky-runner?WebPublishingPlatform=FxId'),
        },
      ]);
      expect(first?.data.Launch).toBeUndefined();
      expect(imagePreloadsOf(page.body)).toEqual(['catalog/sky-runner/cover.svg']);
    }
  });

  it("holds on the player its game's configuration, news and anonymous launch data", async () => {
    const page = await testApp().app.inject('/play/gem-garden');
    const first = firstDataOf(page.body)?.data;
    expect(first?.NewsGame).toBe('gem-garden');
    expect(first?.News).toEqual(
      (await api('POST', '/api/v1/info/news', { Locale: 'en', GameSystemName: 'gem-garden' })).News,
    );
    expect(first?.GameConfigs.map((config) => config.Game)).toEqual(['sky-runner', 'gem-garden']);
    expect(first?.Launch).toEqual({
      Game: 'gem-garden',
      Platform: 'FxId',
      Answer: await api('GET', '/api/v1/play/gem-garden?OtaVersion=1.6&BuildNumber=3159&WebPublishingPlatform=FxId'),
    });
    expect(first?.Launch?.Answer).not.toHaveProperty('GameJwt');
  });

  it('never holds anything personal: a signed-in request gets the same page as anyone', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'first-data@example.com');
    const anonymous = await app.inject('/play/sky-runner');
    const signedIn = await app.inject({
      url: '/play/sky-runner',
      headers: { authorization: `Bearer ${token}`, cookie: `fxid_session=${token}` },
    });
    expect(signedIn.body).toBe(anonymous.body);
    expect(signedIn.body).not.toContain(token);
    expect(signedIn.body).not.toContain('GameJwt');
    expect(signedIn.body).not.toContain('first-data@example.com');
  });

  it('has none for an address naming no game of the catalog, nor for other pages', async () => {
    const { app } = testApp();
    for (const url of ['/play/no-such-game', '/play/SKY-RUNNER', '/play/%25E0', '/play/sky-runner/iframe/vkcom']) {
      const page = await app.inject(url);
      expect(page.statusCode).toBe(200);
      expect(firstDataOf(page.body), url).toBeUndefined();
    }
    for (const url of ['/Profile', '/Store/sky-runner']) {
      const page = await app.inject(url);
      expect(firstDataOf(page.body), url).toBeUndefined();
      expect(imagePreloadsOf(page.body)).toEqual([]);
    }
  });

  it('changes with an import, escaped against the catalog’s text, and its ETag with it', async () => {
    const { app, database } = testApp();
    const before = await app.inject('/');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(before.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const catalog = await readCatalogFile(DEMO_CATALOG);
    const hostile = 'Sky </script><script>alert(1)</script> Runner\u2028';
    const [sky] = catalog.Games;
    if (!sky) throw new Error('the demo catalog has no games');
    sky.Names = { ...sky.Names, en: hostile };
    sky.ImageUrl = '/catalog/sky-runner/cover"><script>alert(2)</script>.svg';
    await importCatalog(database.handle.db, catalog, Date.UTC(2026, 10, 24));
    // As an import by the command line (another process) does: the server sees it within its check interval.
    await new Promise((resolve) => setTimeout(resolve, CATALOG_CHECK_INTERVAL_MS + 100));

    const after = await app.inject({ url: '/', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).not.toContain('<script>alert');
    expect(after.body).not.toContain('\u2028');
    const first = firstDataOf(after.body);
    expect(first?.raw).not.toMatch(/[<>\u2028]/);
    expect(first?.data.Games).toEqual((await api('POST', '/api/v1/games/list', { Locale: 'en' })).AvailableGames);
    expect(first?.data.Games[0]).toMatchObject({ Name: hostile });
    expect(imagePreloadsOf(after.body)).toEqual([
      'catalog/sky-runner/cover&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;.svg',
    ]);
  });
});
