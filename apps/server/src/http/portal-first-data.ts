import { FIRST_DATA_ELEMENT_ID, type FirstData, type FirstGameAnswer } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { StartScreen } from './portal.js';

/** The platform of the portal's own pages (no host around them): what the player asks with at /play/{game}. */
const PORTAL_PLATFORM = 'FxId';

/**
 * JSON that can sit in an HTML `<script>` element: `<` (no `</script>` or `<!--` can end or
 * bend it), `>` and `&` escaped, and U+2028/U+2029, which older parsers take for line ends.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** What a start screen shows first, as the server knows it from the page's address. */
export interface StartView {
  screen: StartScreen;
  locale: string;
  /** The player's game as the address names it (the fixed game on a single-game site). */
  game?: string | undefined;
}

/**
 * The anonymous answers of the API a start screen's first render waits for, asked of this
 * server in process (exactly what a visitor without a session gets) and the first image it
 * paints. Undefined when the catalog cannot answer (the page then asks itself, as before).
 */
export async function firstDataOf(
  app: FastifyInstance,
  apiPrefix: string,
  view: StartView,
): Promise<{ data: FirstData; image?: string } | undefined> {
  // No headers at all: no cookie, no bearer token, so nothing personal can come back.
  const ask = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const response = await app.inject({ method, url: `${apiPrefix}/api/v1${path}`, ...(body ? { body } : {}) });
    return response.statusCode === 200 ? (response.json() as Record<string, unknown>) : undefined;
  };
  const gameAnswer = async (game: string, path: string, query = ''): Promise<FirstGameAnswer | undefined> => {
    const answer = await ask(
      'GET',
      `${path}/${encodeURIComponent(game)}?${query}WebPublishingPlatform=${PORTAL_PLATFORM}`,
    );
    return answer && { Game: game, Platform: PORTAL_PLATFORM, Answer: answer };
  };
  const { locale } = view;
  const games = (await ask('POST', '/games/list', { Locale: locale }))?.AvailableGames as
    | { GameSystemName: string; ImageUrl?: string }[]
    | undefined;
  if (!games) return undefined;
  // The branding comes with the first game's configuration (the portal's useBranding).
  const first = games[0]?.GameSystemName;
  // Only a game of the catalog, named as the catalog spells it: the pages kept stay a few.
  const game = view.screen === 'player' ? games.find((g) => g.GameSystemName === view.game)?.GameSystemName : undefined;
  if (view.screen === 'player' && !game) return undefined;
  const newsBody = { Locale: locale, ...(game ? { GameSystemName: game } : {}) };
  const [news, configs, launch] = await Promise.all([
    ask('POST', '/info/news', newsBody),
    Promise.all([...new Set([first, game])].flatMap((name) => (name ? [gameAnswer(name, '/public_game_config')] : []))),
    // The launch data names the portal's version, which it does not depend on (only the builds list does).
    game ? gameAnswer(game, '/play', 'OtaVersion=0&BuildNumber=0&') : undefined,
  ]);
  const data: FirstData = {
    Locale: locale,
    Games: games,
    ...(news ? { News: news.News as unknown[], ...(game ? { NewsGame: game } : {}) } : {}),
    GameConfigs: configs.filter((config) => config !== undefined),
    ...(launch ? { Launch: launch } : {}),
  };
  const image = game ? loaderImageOf(configs.find((config) => config?.Game === game)) : games[0]?.ImageUrl;
  return { data, ...(image ? { image } : {}) };
}

/** The image of the player's loader screen, the largest thing it paints before the game. */
function loaderImageOf(config: FirstGameAnswer | undefined): string | undefined {
  const answer = config?.Answer as { PublicWebClientConfig?: { LoaderScreen?: { ImageUrl?: string } } } | undefined;
  return answer?.PublicWebClientConfig?.LoaderScreen?.ImageUrl;
}

/** An attribute value, quoted characters escaped. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The head elements for a start screen's first data: the answers as inert JSON, and a
 * high-priority preload of its first image, addressed as the portal's assetUrl addresses
 * it (a catalog path relative to <base>), so that the browser fetches it once.
 */
export function firstDataHead(first: { data: FirstData; image?: string }): string {
  const json = `<script type="application/json" id="${FIRST_DATA_ELEMENT_ID}">${inertJson(first.data)}</script>`;
  const { image } = first;
  if (!image) return json;
  const absolute = /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(image);
  // Only web addresses: a catalog's image is shown, never run.
  if (absolute && !/^(https?:)?\/\//i.test(image)) return json;
  const href = absolute ? image : image.replace(/^\/+/, '');
  return `${json}<link rel="preload" as="image" fetchpriority="high" href="${attribute(href)}">`;
}
