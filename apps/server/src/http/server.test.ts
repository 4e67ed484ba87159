import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PAGE_CONFIG_ELEMENT_ID } from '@fxid/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { testConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { useTestApp } from '../test/app.js';
import { describeEachEngine } from '../test/databases.js';

describeEachEngine('server', (engine) => {
  const testApp = useTestApp(engine);

  it('answers health and readiness with the engine in use', async () => {
    const { app } = testApp();
    expect((await app.inject('/healthz')).json()).toEqual({ Status: 'ok' });
    expect((await app.inject('/readyz')).json()).toEqual({ Status: 'ok', Database: engine });
  });

  it('gives every response a request id, keeping a plain one from the caller', async () => {
    const { app } = testApp();
    const generated = await app.inject('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await app.inject({ url: '/api/v1/nope', headers: { 'x-request-id': 'lb-1234.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    expect(kept.json().RequestId).toBe('lb-1234.abc');
    const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('<script>');
  });

  it('sends JSON answers the REST security headers: nothing may load or frame them', async () => {
    const { app } = testApp();
    for (const url of ['/healthz', '/api/v1/nope', `/api/v1/go/${'a'.repeat(5000)}`]) {
      const { headers } = await app.inject(url);
      expect(headers['content-type']).toMatch(/json/);
      expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['strict-transport-security']).toBeDefined();
      expect(headers['x-request-id']).toBeDefined();
    }
  });

  it('publishes a valid OpenAPI 3.1 document with named components', async () => {
    const { app } = testApp();
    const response = await app.inject('/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['ProblemDetails', 'GameSummary', 'PublicGameData', 'Platform', 'ErrorCode']),
    );
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/games/list',
        '/api/v1/games/list_with_configs',
        '/api/v1/public_game_config/{Game}',
      ]),
    );
  });

  it('serves a browsable API reference from bundled files', async () => {
    const { app } = testApp();
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    const script = await app.inject('/api/docs/static/swagger-ui-bundle.js');
    expect(script.statusCode).toBe(200);
    expect(script.body.length).toBeGreaterThan(100_000);
  });

  it('keeps Authorization, cookies and token parameters out of the log', async () => {
    const { app, logs } = testApp();
    await app.inject({
      url: '/api/v1/public_game_config/sky-runner?inviteToken=abc123secret&WebPublishingPlatform=FxId',
      headers: { authorization: 'Bearer topsecret-bearer', cookie: 'session=topsecret-cookie' },
    });
    const text = JSON.stringify(logs);
    expect(text).toContain('/api/v1/public_game_config/sky-runner');
    expect(text).not.toContain('abc123secret');
    expect(text).not.toContain('topsecret');
  });
});

describe('server edge cases', () => {
  it('refuses a body over the limit with 413 problem details', async () => {
    const app = await createApp(testConfig({ bodyLimitBytes: 2048, webDistDir: '/nonexistent' }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/games/list',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ Locale: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ ErrorCode: 'payload_too_large', status: 413 });
    await app.close();
  });

  it('answers an unexpected failure with 500 and no stack trace or message', async () => {
    const app = await createApp(testConfig({ webDistDir: '/nonexistent' }));
    app.get('/api/v1/boom', async () => {
      throw new Error('database password is hunter2');
    });
    const response = await app.inject('/api/v1/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ ErrorCode: 'internal_error', status: 500 });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
    await app.close();
  });

  it('reports not ready with 503 when the database is gone', async () => {
    const database = openDatabase('sqlite::memory:');
    const app = await createApp(testConfig({ webDistDir: '/nonexistent' }), { database });
    await database.db.destroy();
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json().ErrorCode).toBe('service_unavailable');
    await app.close().catch(() => undefined);
  });

  it('reports not ready while a migration this build needs is not applied', async () => {
    const database = openDatabase('sqlite::memory:');
    const app = await createApp(testConfig({ webDistDir: '/nonexistent' }), { database });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    // As when another instance's migration is still running: the newest one is not recorded yet.
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
      database.db,
    );
    await sql`delete from kysely_migration where name = ${rows[0]?.name}`.execute(database.db);
    const response = await app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ ErrorCode: 'service_unavailable', L10NParam: { What: 'The database' } });
    await app.close();
  });
});

describe('serving the portal', () => {
  const dist = mkdtempSync(join(tmpdir(), 'fxid-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><!--fxid:head--><script type="module" src="./assets/app.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("portal")');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app.js', isEntry: true, imports: ['_kit.js'] },
      '_kit.js': { file: 'assets/kit-1.js' },
      'src/app/layouts/HeroLayout.tsx': { file: 'assets/HeroLayout-1.js', imports: ['_kit.js'] },
      'src/app/pages/LandingPage.tsx': { file: 'assets/LandingPage-1.js', imports: ['_kit.js', '_NewsAlerts.js'] },
      '_NewsAlerts.js': { file: 'assets/NewsAlerts-1.js', imports: ['_kit.js'] },
      'src/app/layouts/SmallHeroLayout.tsx': { file: 'assets/SmallHeroLayout-1.js', imports: ['_kit.js'] },
      'src/features/player/components/PlayerPage.tsx': { file: 'assets/PlayerPage-1.js', imports: ['_kit.js'] },
      'src/shared/i18n/locales/en.ts': { file: 'assets/en-1.js' },
      'src/shared/i18n/locales/ru.ts': { file: 'assets/ru-1.js' },
      'src/shared/i18n/locales/store/ru.ts': { file: 'assets/ru-store-1.js' },
    }),
  );

  async function portalApp(overrides: Parameters<typeof testConfig>[0] = {}) {
    return createApp(testConfig({ webDistDir: dist, ...overrides }));
  }

  function pageConfigOf(html: string) {
    const match = html.match(
      new RegExp(`<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">(.*?)</script>`),
    );
    return match?.[1] ? JSON.parse(match[1]) : undefined;
  }

  it('serves index.html with the page-load configuration for any portal path', async () => {
    const app = await portalApp({
      portal: { ...testConfig().portal, fixedGame: 'sky-runner', forcedAdapter: 'yandex', locales: ['en', 'ru'] },
    });
    for (const url of ['/', '/Profile', '/play/sky-runner/iframe/vkcom', '/Docs/tos?lang=ru']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<base href="/">');
      expect(pageConfigOf(response.body)).toEqual({
        RouterBasePath: '/',
        RouterType: 'browser',
        ApiBasePath: '',
        FixedGame: 'sky-runner',
        ForcedAdapter: 'yandex',
        Locales: ['en', 'ru'],
        DefaultLocale: 'en',
        DevPublicOrigin: 'http://localhost:8080',
        YandexSdkUrl: 'dev/hosts/yandex/sdk.js',
        OkFapiUrl: 'dev/hosts/ok/fapi5.js',
        VkPlayCoreUrl: 'dev/hosts/vkplay/mailru.core.js',
        FirebaseAuthEmulatorUrl: 'http://localhost:8080',
        VkIdStandIn: true,
        MyGamesSignIn: true,
        CrazyGamesSdkUrl: 'dev/hosts/crazygames/sdk.js',
        KongregateApiUrl: 'dev/hosts/kg/kongregate_api.js',
        FbInstantSdkUrl: 'dev/hosts/fbinstantgames/fbinstant.js',
        FbSdkUrl: 'dev/hosts/fbgames/sdk.js',
        SteamBridgeUrl: 'dev/hosts/steam/steam-bridge.js',
        FxLauncherBridgeUrl: 'dev/hosts/fxlauncher/bridge.js',
        FxNativeBridgeUrl: 'dev/hosts/fxnative/bridge.js',
      });
    }
    await app.close();
  });

  it("names PUBLIC_URL's origin in development, so a portal opened elsewhere can say where sign-in links lead", async () => {
    const dev = await portalApp({ publicUrl: 'http://localhost:41234/fxid' });
    expect(pageConfigOf((await dev.inject('/')).body).DevPublicOrigin).toBe('http://localhost:41234');
    await dev.close();
    const production = await portalApp({ mode: 'production', publicUrl: 'https://fxid.example' });
    expect(pageConfigOf((await production.inject('/')).body)).not.toHaveProperty('DevPublicOrigin');
    await production.close();
  });

  it("names the tunnel's first allowed DSN as the portal's error-reporting DSN, and none without one", async () => {
    const dsns = ['https://portal@errors.example/7', 'https://older-build@errors.example/7'];
    const app = await portalApp({ errorTunnel: { dsns, maxBytes: 1 << 20 } });
    expect(pageConfigOf((await app.inject('/')).body).ErrorReportingDsn).toBe(dsns[0]);
    await app.close();
    const without = await portalApp();
    expect(pageConfigOf((await without.inject('/')).body)).not.toHaveProperty('ErrorReportingDsn');
    await without.close();
  });

  /** The chunks a page preloads beside the entry's own. */
  const preloadsOf = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="\.\/([^"]+)">/g)].map((m) => m[1]);

  it('preloads the strings of the language the page will most likely pick, before the entry asks for them', async () => {
    const app = await portalApp({ portal: { ...testConfig().portal, locales: ['en', 'ru'] } });
    const preloaded = async (headers: Record<string, string>, url = '/Profile') => {
      const response = await app.inject({ url, headers });
      expect(response.headers.vary).toBe('accept-language, cookie');
      return preloadsOf(response.body);
    };
    expect(await preloaded({})).toEqual(['assets/en-1.js']);
    expect(await preloaded({ 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' })).toEqual(['assets/ru-1.js']);
    expect(await preloaded({ 'accept-language': 'de-DE, ru;q=0.5' })).toEqual(['assets/ru-1.js']);
    expect(await preloaded({ 'accept-language': 'ru;q=0, de' })).toEqual(['assets/en-1.js']);
    // The order of the portal's detector: ?lng= first, then the i18next cookie.
    expect(await preloaded({ 'accept-language': 'ru', cookie: 'a=1; i18next=en' })).toEqual(['assets/en-1.js']);
    expect(await preloaded({ cookie: 'i18next=en' }, '/Profile?lng=ru')).toEqual(['assets/ru-1.js']);
    await app.close();
  });

  it("preloads the landing's and the player's own chunks on their paths, and nothing the entry loads itself", async () => {
    const landing = ['assets/en-1.js', 'assets/HeroLayout-1.js', 'assets/LandingPage-1.js', 'assets/NewsAlerts-1.js'];
    const player = ['assets/en-1.js', 'assets/SmallHeroLayout-1.js', 'assets/PlayerPage-1.js'];
    const portal = await portalApp();
    const preloaded = async (url: string) => preloadsOf((await portal.inject(url)).body);
    expect(await preloaded('/')).toEqual(landing);
    expect(await preloaded('/?lng=en')).toEqual(landing);
    expect(await preloaded('/iframe/vkcom')).toEqual(landing);
    for (const url of ['/play/sky-runner', '/player/gem-garden/', '/PLAY/sky-runner/iframe/ok'])
      expect(await preloaded(url)).toEqual(player);
    for (const url of ['/Profile', '/play', '/play/sky-runner/store', '/docs/x/en/tos.md'])
      expect(await preloaded(url)).toEqual(['assets/en-1.js']);
    await portal.close();

    // A single-game site opens on its game; a hash router's screen is in the hash, unseen here.
    const single = await portalApp({ portal: { ...testConfig().portal, fixedGame: 'sky-runner' } });
    expect(preloadsOf((await single.inject('/')).body)).toEqual(player);
    await single.close();
    const hash = await portalApp({ portal: { ...testConfig().portal, routerType: 'hash' } });
    expect(preloadsOf((await hash.inject('/')).body)).toEqual(['assets/en-1.js']);
    await hash.close();
    // Under a base path, the path below it decides.
    const based = await portalApp({ portal: { ...testConfig().portal, routerBasePath: '/fxid/' } });
    expect(preloadsOf((await based.inject('/fxid/')).body)).toEqual(landing);
    expect(preloadsOf((await based.inject('/fxid/play/sky-runner')).body)).toEqual(player);
    await based.close();
  });

  it('sends pages and files the document headers: a CSP that allows only our scripts', async () => {
    const app = await portalApp();
    for (const url of ['/', '/assets/app.js', '/api/v1/play/index_html', '/api/docs']) {
      const { headers } = await app.inject(url);
      expect(headers['content-security-policy']).toContain("script-src 'self'");
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['content-security-policy']).toContain('frame-ancestors');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    }
    await app.close();
  });

  it('lets remotejs.com in only for a page asked for with ?remotejs', async () => {
    const app = await portalApp();
    const policy = async (url: string) => (await app.inject(url)).headers['content-security-policy'] as string;
    const remote = await policy('/play/sky-runner?remotejs=channel-7');
    expect(remote).toMatch(/script-src [^;]*https:\/\/remotejs\.com/);
    expect(remote).toMatch(/connect-src [^;]*wss:\/\/remotejs\.com/);
    for (const url of ['/', '/play/sky-runner?remotejsx=1', '/assets/app.js']) {
      expect(await policy(url), url).not.toContain('remotejs.com');
    }
    await app.close();
  });

  it('never answers an /api path with the portal page', async () => {
    const app = await portalApp();
    const response = await app.inject('/api/v1/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json().ErrorCode).toBe('not_found');
    await app.close();
  });

  it('serves hashed assets with long caching', async () => {
    const app = await portalApp();
    const response = await app.inject('/assets/app.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    await app.close();
  });

  it('sends the brotli or gzip copy the build wrote beside an asset, as the browser accepts', async () => {
    const source = `console.log(${JSON.stringify('portal '.repeat(400))})`;
    writeFileSync(join(dist, 'assets', 'big.js'), source);
    writeFileSync(join(dist, 'assets', 'big.js.br'), brotliCompressSync(source));
    writeFileSync(join(dist, 'assets', 'big.js.gz'), gzipSync(source));
    const app = await portalApp();
    const fetch = (encoding?: string) =>
      app.inject({ url: '/assets/big.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await fetch('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(source);
    const gzip = await fetch('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(source);
    const plain = await fetch();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
    await app.close();
  });

  it('serves portal and API under a router base path', async () => {
    const app = await portalApp({ portal: { ...testConfig().portal, routerBasePath: '/games/', routerType: 'hash' } });
    const page = await app.inject('/games/Profile');
    expect(page.body).toContain('<base href="/games/">');
    expect(pageConfigOf(page.body)).toMatchObject({ RouterBasePath: '/games/', RouterType: 'hash' });
    expect((await app.inject('/games/assets/app.js')).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/games/api/v1/games/list' })).statusCode).toBe(200);
    expect((await app.inject('/games/healthz')).statusCode).toBe(200);
    expect((await app.inject('/games/api/v1/nope')).json().ErrorCode).toBe('not_found');
    await app.close();
  });

  it('gives hosts that embed the portal its start page at /play/index_html', async () => {
    const app = await portalApp();
    const response = await app.inject('/api/v1/play/index_html');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(pageConfigOf(response.body)).toMatchObject({ RouterBasePath: '/', Locales: expect.any(Array) });
    await app.close();
  });

  it('serves the demo game beside the portal when it is built', async () => {
    const game = mkdtempSync(join(tmpdir(), 'fxid-game-'));
    writeFileSync(join(game, 'index.html'), '<!doctype html><title>demo</title>');
    const app = await portalApp({ demoGameDir: game });
    const response = await app.inject('/demo-game/index.html?game=sky-runner');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>demo</title>');
    expect(response.headers['x-request-id']).toBeDefined();
    const missing = await portalApp({ demoGameDir: join(game, 'nope') });
    expect(pageConfigOf((await missing.inject('/demo-game/index.html')).body)).toBeDefined();
    await Promise.all([app.close(), missing.close()]);
  });

  it('serves the SDK build as one script at /sdk/fxid-sdk.js, loadable from a game on another origin', async () => {
    const sdk = mkdtempSync(join(tmpdir(), 'fxid-sdk-'));
    writeFileSync(join(sdk, 'fxid-sdk.umd.cjs'), 'var FxidSDK = {};');
    const app = await portalApp({ sdkDistDir: sdk });
    const response = await app.inject('/sdk/fxid-sdk.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('var FxidSDK = {};');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const missing = await portalApp({ sdkDistDir: join(sdk, 'nope') });
    const notBuilt = await missing.inject('/sdk/fxid-sdk.js');
    expect(notBuilt.headers['content-type']).toContain('text/html'); // the portal's own not-found page
    await Promise.all([app.close(), missing.close()]);
  });

  it('escapes the configuration so it cannot close its script element', async () => {
    const { injectPageConfig } = await import('./portal.js');
    const config = testConfig();
    const html = injectPageConfig('<html lang="en"><head><!--fxid:head--></head></html>', {
      ...config,
      portal: { ...config.portal, apiBasePath: '</script><script>alert(1)</script>' },
    });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(pageConfigOf(html).ApiBasePath).toBe('</script><script>alert(1)</script>');
  });
});
