import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PAGE_CONFIG_ELEMENT_ID, type PageConfig } from '@fxid/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { myGamesAppOf } from '../modules/auth/mygames/mygames-config.js';
import type { GameCatalog } from '../modules/catalog/game-catalog.js';
import {
  DEV_FXLAUNCHER_BRIDGE_URL,
  DEV_FXNATIVE_BRIDGE_URL,
} from '../modules/platforms/wrapper/wrapper-bridge-urls.js';
import { providersPageConfig } from '../modules/store/providers/provider-configs.js';
import { etagMatches } from './catalog-reply.js';
import { firstDataHead, firstDataOf, inertJson } from './portal-first-data.js';
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
 * inline scripts) and preloads of the chunks the page will ask for first, the locale's
 * and the first screen's (each fetched only once the entry runs: a round trip saved
 * before first paint).
 */
export function injectPageConfig(
  html: string,
  config: Config,
  chunks: readonly string[] = [],
  /** More of the head: the start screen's first data. */
  extraHead = '',
): string {
  const json = inertJson(pageConfigFor(config));
  const preload = chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="./${chunk}">`).join('');
  const head =
    `<base href="${config.portal.routerBasePath}">` +
    `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${json}</script>` +
    extraHead +
    preload;
  return html.replace(HEAD_MARKER, head).replace('<html lang="en"', `<html lang="${config.portal.defaultLocale}"`);
}

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** The screens worth preloading at start: the pages most players open first. */
export type StartScreen = 'landing' | 'player';

/** Each start screen's layout and page, as Vite manifest keys (the portal's src/app/routes.tsx). */
const SCREEN_MODULES: Record<StartScreen, string[]> = {
  landing: ['src/app/layouts/HeroLayout.tsx', 'src/app/pages/LandingPage.tsx'],
  player: ['src/app/layouts/SmallHeroLayout.tsx', 'src/features/player/components/PlayerPage.tsx'],
};

/**
 * The start screen a path (below the router base path, query left out) opens, if any: the
 * landing at / (the player on a single-game site) and the player at /play/{game}. Paths match
 * regardless of case, as the portal's routes do.
 */
export function startScreenOf(path: string, fixedGame: boolean): StartScreen | undefined {
  if (/^\/?(iframe\/[^/]+\/?)?$/i.test(path)) return fixedGame ? 'player' : 'landing';
  if (/^\/?play(er)?\/[^/]+(\/iframe\/[^/]+)?\/?$/i.test(path)) return 'player';
  return undefined;
}

/** The chunks `keys` import statically, themselves included, leaving out what the entry loads anyway. */
function chunksOf(manifest: Manifest, keys: readonly string[]): string[] {
  const closure = (roots: readonly string[], seen = new Set<string>()) => {
    for (const key of roots) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((key) => manifest[key]?.isEntry));
  return [...closure(keys)].filter((key) => !entry.has(key)).map((key) => manifest[key]?.file ?? key);
}

/** Vite's manifest of the build, empty if there is none. */
function readManifest(webDistDir: string): Manifest {
  const manifestFile = join(resolve(webDistDir), '.vite/manifest.json');
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};
}

/** The built chunk of each locale's core strings (`assets/en-….js`). */
function localeChunks(manifest: Manifest): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const [source, { file }] of Object.entries(manifest)) {
    const locale = /^src\/shared\/i18n\/locales\/([\w-]+)\.ts$/.exec(source)?.[1];
    if (locale) chunks.set(locale, file);
  }
  return chunks;
}

/** The portal's start page in each configured locale and start screen, each preloading its own chunks. */
export interface StartPages {
  /** The page for `locale` (the default locale's for any other) opening `screen`, if given. */
  get(locale: string, screen?: StartScreen): string;
  /** The same page with `extraHead` in its head (built each time: the caller keeps it). */
  with(locale: string, screen: StartScreen | undefined, extraHead: string): string;
  /** The locale whose page `locale` gets. */
  localeOf(locale: string): string;
}

/** The portal's start pages, built once from index.html and Vite's manifest; undefined before the portal is built. */
export function portalStartPages(config: Config): StartPages | undefined {
  const indexFile = join(resolve(config.webDistDir), 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const html = readFileSync(indexFile, 'utf8');
  const manifest = readManifest(config.webDistDir);
  const locales = localeChunks(manifest);
  const screens = new Map(
    Object.entries(SCREEN_MODULES).map(([screen, modules]) => [screen, chunksOf(manifest, modules)]),
  );
  const build = (locale: string, screen: StartScreen | undefined, extraHead = '') => {
    const chunks = [locales.get(locale), ...(screen ? (screens.get(screen) ?? []) : [])];
    return injectPageConfig(
      html,
      config,
      chunks.filter((chunk) => chunk !== undefined),
      extraHead,
    );
  };
  const pages = new Map<string, string>();
  const page = (locale: string, screen?: StartScreen) => {
    const key = `${locale} ${screen ?? ''}`;
    let built = pages.get(key);
    if (!built) {
      built = build(locale, screen);
      pages.set(key, built);
    }
    return built;
  };
  const { locales: configured, defaultLocale } = config.portal;
  const localeOf = (locale: string) => (configured.includes(locale) ? locale : defaultLocale);
  return {
    get: (locale, screen) => page(localeOf(locale), screen),
    with: (locale, screen, extraHead) => build(localeOf(locale), screen, extraHead),
    localeOf,
  };
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
export async function registerPortal(app: FastifyInstance, config: Config, catalog: GameCatalog): Promise<void> {
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
  const startPages = pages && startPagesWithData(app, config, pages, catalog);

  app.setNotFoundHandler(async (request, reply) => {
    if (startPages && wantsPortalPage(request, config.portal.routerBasePath)) {
      const path = (request.url.split('?')[0] ?? '').slice(config.portal.routerBasePath.length - 1);
      const screen =
        config.portal.routerType === 'browser' ? startScreenOf(path, !!config.portal.fixedGame) : undefined;
      const locale = likelyLocale(request, config.portal.locales, config.portal.defaultLocale);
      const page = await startPages(locale, screen, screen === 'player' ? playerGameOf(path, config) : undefined);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .header('etag', page.etag);
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.send(page.body);
    }
    return notFound(request, reply);
  });
}

/** A start page as sent: its HTML and the ETag that names it. */
interface ServedPage {
  body: string;
  etag: string;
}

/**
 * The start pages with their screen's first data (portal-first-data.ts), kept per catalog
 * version: an import changes the data, hence the page and its ETag. Kept per language, screen
 * and catalog game (an address naming no game of the catalog gets the page without its data),
 * so a few dozen pages at most. Other pages have no first data: the pages of StartPages.
 */
function startPagesWithData(app: FastifyInstance, config: Config, pages: StartPages, catalog: GameCatalog) {
  const apiPrefix = config.portal.routerBasePath.replace(/\/$/, '');
  const kept = new Map<string, Promise<ServedPage>>();
  let keptVersion: number | undefined;
  const served = (body: string): ServedPage => ({
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  });
  const plain = new Map<string, ServedPage>();

  return async (requested: string, screen: StartScreen | undefined, named?: string): Promise<ServedPage> => {
    const locale = pages.localeOf(requested);
    if (!screen) {
      const page = plain.get(locale) ?? served(pages.get(locale));
      plain.set(locale, page);
      return page;
    }
    const version = await catalog.version();
    if (version !== keptVersion) {
      kept.clear();
      keptVersion = version;
    }
    const game = named && (await catalog.find(named))?.definition.GameSystemName === named ? named : undefined;
    const key = `${locale} ${screen} ${game ?? ''}`;
    let page = kept.get(key);
    if (!page) {
      page = firstDataOf(app, apiPrefix, { screen, locale, game }).then((first) =>
        served(first ? pages.with(locale, screen, firstDataHead(first)) : pages.get(locale, screen)),
      );
      kept.set(key, page);
      // A failure is not kept: the next request tries again.
      page.catch(() => kept.delete(key));
    }
    return page;
  };
}

/**
 * The game the player page at `path` plays on the portal's own platform: the one its address
 * names, or the fixed game of a single-game site; none inside a host (an /iframe/{adapter}
 * address, a forced adapter), whose platform answers differ.
 */
function playerGameOf(path: string, config: Config): string | undefined {
  if (config.portal.forcedAdapter) return undefined;
  const named = /^\/?play(?:er)?\/([^/]+)\/?$/i.exec(path)?.[1];
  if (named) {
    try {
      return decodeURIComponent(named);
    } catch {
      return undefined; // not an address the catalog could name
    }
  }
  return /^\/?$/.test(path) ? config.portal.fixedGame : undefined;
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
