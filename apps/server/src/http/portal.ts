import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_CONFIG_ELEMENT_ID, type PageConfig } from '@fxid/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { myGamesAppOf } from '../modules/auth/mygames/mygames-config.js';
import {
  DEV_FXLAUNCHER_BRIDGE_URL,
  DEV_FXNATIVE_BRIDGE_URL,
} from '../modules/platforms/wrapper/wrapper-bridge-urls.js';
import { providersPageConfig } from '../modules/store/providers/provider-configs.js';
import { likelyLocale } from './portal-locale.js';
import { sendProblem } from './problem.js';

/** Where the built index.html asks for the page-load configuration. */
const HEAD_MARKER = '<!--fxid:head-->';

/** The page-load configuration of spec §1, from server config. */
export function pageConfigFor(config: Config): PageConfig {
  const { portal } = config;
  return {
    RouterBasePath: portal.routerBasePath,
    RouterType: portal.routerType,
    ApiBasePath: portal.apiBasePath,
    ...(portal.fixedGame ? { FixedGame: portal.fixedGame } : {}),
    ...(portal.forcedAdapter ? { ForcedAdapter: portal.forcedAdapter } : {}),
    Locales: portal.locales,
    DefaultLocale: portal.defaultLocale,
    ...(config.turnstile.siteKey ? { TurnstileSiteKey: config.turnstile.siteKey } : {}),
    // The tunnel's first allowed DSN is the portal's own; the others are for older builds still out there.
    ...(config.errorTunnel.dsns[0] ? { ErrorReportingDsn: config.errorTunnel.dsns[0] } : {}),
    ...(config.mode === 'development' ? { DevPublicOrigin: new URL(config.publicUrl).origin } : {}),
    YandexSdkUrl: config.platforms.yandex.sdkUrl,
    OkFapiUrl: config.platforms.ok.fapiUrl,
    VkPlayCoreUrl: config.platforms.vkplay.coreUrl,
    // The Firebase SDK signs in against this server's stand-in of Firebase Auth, never Google's.
    ...(config.firebase.devIssuer ? { FirebaseAuthEmulatorUrl: new URL(config.publicUrl).origin } : {}),
    ...(config.vkid.devStandIn ? { VkIdStandIn: true } : {}),
    ...(portal.fixedGame && config.myGames.oauthUrl && myGamesAppOf(config.myGames, portal.fixedGame)
      ? { MyGamesSignIn: true }
      : {}),
    CrazyGamesSdkUrl: config.platforms.crazygames.sdkUrl,
    KongregateApiUrl: config.platforms.kg.scriptUrl,
    ...(config.platforms.fbinstantgames ? { FbInstantSdkUrl: config.platforms.fbinstantgames.sdkUrl } : {}),
    ...(config.platforms.fbgames ? { FbSdkUrl: config.platforms.fbgames.sdkUrl } : {}),
    ...(config.platforms.steam?.bridgeUrl ? { SteamBridgeUrl: config.platforms.steam.bridgeUrl } : {}),
    ...providersPageConfig(config),
    // Our launcher and native app inject their bridges; only the simulator's stand-ins load from a URL.
    ...(config.mode === 'development'
      ? { FxLauncherBridgeUrl: DEV_FXLAUNCHER_BRIDGE_URL, FxNativeBridgeUrl: DEV_FXNATIVE_BRIDGE_URL }
      : {}),
  };
}

/**
 * index.html with a <base> for the router base path (so relative asset URLs work
 * on deep links), the page configuration as inert JSON (so the CSP need not allow
 * inline scripts) and, when given, a preload of the locale chunk the page will ask for
 * first (it is fetched only once the entry runs: a round trip saved before first paint).
 */
export function injectPageConfig(html: string, config: Config, localeChunk?: string): string {
  const json = JSON.stringify(pageConfigFor(config)).replace(/</g, '\\u003c');
  const preload = localeChunk ? `<link rel="modulepreload" crossorigin href="./${localeChunk}">` : '';
  const head =
    `<base href="${config.portal.routerBasePath}">` +
    `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${json}</script>` +
    preload;
  return html.replace(HEAD_MARKER, head).replace('<html lang="en"', `<html lang="${config.portal.defaultLocale}"`);
}

/** The built chunk of each locale's core strings (`assets/en-….js`), from Vite's manifest. */
function localeChunks(webDistDir: string): Map<string, string> {
  const manifestFile = join(resolve(webDistDir), '.vite/manifest.json');
  const chunks = new Map<string, string>();
  if (!existsSync(manifestFile)) return chunks;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  for (const [source, { file }] of Object.entries(manifest)) {
    const locale = /^src\/shared\/i18n\/locales\/([\w-]+)\.ts$/.exec(source)?.[1];
    if (locale) chunks.set(locale, file);
  }
  return chunks;
}

/** The portal's start page in each configured locale: the same page, each preloading its own strings. */
export interface StartPages {
  /** The page for `locale`; the default locale's for any other. */
  get(locale: string): string;
}

/** The portal's start pages, built once from index.html and Vite's manifest; undefined before the portal is built. */
export function portalStartPages(config: Config): StartPages | undefined {
  const indexFile = join(resolve(config.webDistDir), 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile, 'utf8');
  const chunks = localeChunks(config.webDistDir);
  const { locales, defaultLocale } = config.portal;
  const page = (locale: string) => injectPageConfig(html, config, chunks.get(locale));
  const pages = new Map(locales.map((locale) => [locale, page(locale)]));
  const fallback = pages.get(defaultLocale) ?? page(defaultLocale);
  return { get: (locale) => pages.get(locale) ?? fallback };
}

/**
 * Serves the built demo game at /demo-game/, same origin as the portal, so the
 * demo catalog works out of the box.
 */
export async function registerDemoGame(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.demoGameDir) return;
  const root = resolve(config.demoGameDir);
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'demo game build not found; /demo-game/ is not served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: `${config.portal.routerBasePath}demo-game/`,
    decorateReply: false,
    preCompressed: true,
    setHeaders(res) {
      res.header('cache-control', 'public, max-age=300');
    },
  });
}

/**
 * Serves the built portal: hashed assets with long caching, and index.html for
 * any other GET that is not under /api (the portal's router takes it from there).
 */
export async function registerPortal(app: FastifyInstance, config: Config): Promise<void> {
  const root = resolve(config.webDistDir);
  // The request's likely language picks the start page that preloads its strings.
  const pages = portalStartPages(config);
  if (pages) {
    await app.register(fastifyStatic, {
      root,
      prefix: config.portal.routerBasePath,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): the first
      // load is ~4× smaller on the wire, at no CPU per request.
      preCompressed: true,
      setHeaders(res, path) {
        const immutable = path.includes(`${join(root, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  } else {
    app.log.warn({ root }, 'portal build not found; serving the API only (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    if (pages && wantsPortalPage(request, config.portal.routerBasePath)) {
      const page = pages.get(likelyLocale(request, config.portal.locales, config.portal.defaultLocale));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .send(page);
    }
    return notFound(request, reply);
  });
}

/** GET of anything but the API; the API answers its unknown paths with 404 problem details. */
function wantsPortalPage(request: FastifyRequest, basePath: string): boolean {
  const path = request.url.split('?')[0] ?? '';
  const isApi = path === `${basePath}api` || path.startsWith(`${basePath}api/`);
  return (request.method === 'GET' || request.method === 'HEAD') && !isApi;
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(request, reply, {
    status: 404,
    code: 'not_found',
    detail: `No route for ${request.method} ${request.url.split('?')[0]}`,
    params: { Path: request.url.split('?')[0] ?? '' },
  });
}
