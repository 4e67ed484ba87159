import { randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { listProducts } from '../catalog/products-service.js';
import { createFakeKongregate } from '../platforms/kg/kg-api-fake.js';
import { kongregateApiKeyOf, kongregatePriceOf } from '../platforms/kg/kg-games.js';
import { hostScript, standInScript } from './host-script.js';

/**
 * The server half of the simulated Kongregate (development only): the fake of Kongregate's
 * server API that the dev default of KONGREGATE_API_URL points at (/dev/hosts/kg/api/…), and
 * what the host page asks of Kongregate: a player opening the game (with a game auth token), a
 * guest registering in the page, the items a kreds purchase puts in the player's inventory.
 */

/** The returning player of every game: one fixed Kongregate id, so a second visit finds the same account. */
export const RETURNING_KONGREGATE_USER_ID = '7100001';

const NAMES = ['kong_fan', 'puzzle_owl', 'gem_hunter', 'blue_koala'];

export function kongregateHostRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const fake = createFakeKongregate();
  const kgGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('kg')) throw new NotFoundError(`A game on Kongregate called ${name}`);
    const apiKey = kongregateApiKeyOf(ctx, game);
    if (!apiKey) throw new NotFoundError(`A game on Kongregate called ${name}`);
    return { game, apiKey };
  };
  const newUser = (apiKey: string, kind: 'new' | 'returning') => {
    const userId = kind === 'returning' ? RETURNING_KONGREGATE_USER_ID : String(randomInt(7_200_000, 9_999_999));
    const username = NAMES[randomInt(NAMES.length)] ?? 'kong_fan';
    return { userId, username, gameAuthToken: fake.addUser(apiKey, userId, username), guest: false };
  };
  return async (app) => {
    await app.register(fake.routes, { prefix: '/dev/hosts/kg' });
    app.get('/dev/hosts/kg-host.js', { schema: { hide: true } }, hostScript('kg-host.js'));
    app.get('/dev/hosts/kg/kongregate_api.js', { schema: { hide: true } }, standInScript('kg-api.js'));

    app.post(
      '/dev/hosts/kg/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const { game, apiKey } = await kgGame(request.body.Game);
        const base = ctx.config.portal.routerBasePath;
        const guest = { userId: '0', username: `Guest${randomInt(10_000, 99_999)}`, gameAuthToken: '', guest: true };
        return {
          Url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/kg`,
          User: request.body.User === 'guest' ? guest : newUser(apiKey, request.body.User),
        };
      },
    );

    // A guest who registers or signs in inside the page becomes a Kongregate player.
    app.post(
      '/dev/hosts/kg/sign-in',
      { schema: { hide: true, body: z.object({ Game: GameSystemNameSchema }) } },
      async (request) => ({ User: newUser((await kgGame(request.body.Game)).apiKey, 'new') }),
    );

    // What Kongregate does when the player pays kreds for items: new instances in their inventory.
    app.post(
      '/dev/hosts/kg/purchase',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            UserId: z.string().regex(/^[1-9]\d{0,18}$/),
            Identifiers: z.array(z.string().min(1).max(64)).min(1).max(20),
          }),
        },
      },
      async (request) => {
        const { apiKey } = await kgGame(request.body.Game);
        return {
          ItemIds: request.body.Identifiers.map((identifier) =>
            fake.grantItem(apiKey, request.body.UserId, identifier),
          ),
        };
      },
    );

    // mtx.requestItemList: the game's items on Kongregate, the catalog's products with a kreds price.
    app.post(
      '/dev/hosts/kg/items',
      { schema: { hide: true, body: z.object({ Game: GameSystemNameSchema }) } },
      async (request) => {
        const { game } = await kgGame(request.body.Game);
        const products = await listProducts(ctx.db, game.id);
        return {
          Items: products.flatMap((product, index) => {
            const price = kongregatePriceOf(product);
            const name = product.definition.Names?.en ?? product.row.sku;
            return price === undefined
              ? []
              : [{ id: index + 1, identifier: product.row.sku, name, description: '', price, tags: [], image_url: '' }];
          }),
        };
      },
    );
  };
}

/** The games the simulated Kongregate can host (published on `kg`, with an API key here). */
export function kongregateHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('kg') && kongregateApiKeyOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
