import { randomInt, randomUUID } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { findProduct } from '../catalog/products-service.js';
import { requireYandexSecrets, yandexSecretsOf } from '../platforms/yandex/yandex-secrets.js';
import { yandexSignature } from '../platforms/yandex/yandex-signature.js';
import { hostScript, standInScript } from './host-script.js';

/**
 * The server half of the simulated Yandex Games (development only): it holds the
 * game's Yandex secret key, so it signs what Yandex signs (security.md §5): the
 * player of getPlayer({ signed: true }) and the purchases of purchase() and
 * getPurchases(), at the product's Yandex price from the catalog.
 */

/** The returning player of every game: one fixed Yandex id, so a second visit finds the same account. */
export const RETURNING_YANDEX_ID = 'simYandexReturning0001';

const NAMES = ['Alisa Morozova', 'Gleb Orlov', 'Vera Kuznetsova', 'Timur Belov'];

/** A simulated Yandex player: the returning one, a new one, or a guest (not signed in to Yandex). */
export function simulatedYandexPlayer(kind: 'new' | 'returning' | 'guest', publicUrl: string) {
  const uniqueID = kind === 'returning' ? RETURNING_YANDEX_ID : `sim${randomUUID().replaceAll('-', '')}`;
  return {
    uniqueID,
    authorized: kind !== 'guest',
    name: kind === 'guest' ? '' : (NAMES[randomInt(NAMES.length)] ?? 'Alisa Morozova'),
    photo: `${publicUrl}/brand/logo.svg`,
  };
}

/**
 * The game's boards kept on Yandex (catalog HostPlatforms), as Yandex's console would hold them and
 * getLeaderboardDescription answers them, by technical name (the catalog's Name).
 */
export function yandexBoardsOf(game: GameRecord) {
  const boards = (game.definition.Leaderboards ?? []).filter((board) =>
    (board.HostPlatforms as string[] | undefined)?.includes('yandex'),
  );
  return Object.fromEntries(
    boards.map((board) => [
      board.Name,
      {
        appID: `sim-${game.definition.GameSystemName}`,
        default: false,
        name: board.Name,
        title: board.Titles,
        description: {
          invert_sort_order: board.SortOrder === 'Asc',
          type: board.ScoreFormat === 'Time' ? 'time' : 'numeric',
          score_format: { options: { decimal_offset: board.Decimals } },
        },
      },
    ]),
  );
}

/** The signed data as Yandex builds it: algorithm, issuedAt (seconds), requestPayload, data. */
function sign(ctx: AppContext, game: GameRecord, data: unknown): string {
  const secret = requireYandexSecrets(ctx, game)[0] ?? '';
  return yandexSignature(
    { algorithm: 'HMAC-SHA256', issuedAt: Math.floor(ctx.now() / 1000), requestPayload: '', data },
    secret,
  );
}

const PurchaseSchema = z.object({
  Token: z.string().regex(/^[\w-]{1,128}$/),
  ProductId: z.string().min(1).max(64),
  DeveloperPayload: z.string().max(1024).optional(),
});

export function yandexHostRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const yandexGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('yandex') || !yandexSecretsOf(ctx, game))
      throw new NotFoundError(`A game on Yandex Games called ${name}`);
    return game;
  };
  /** One purchase as Yandex signs it: the product's title and its catalog price on Yandex. */
  const signedPurchase = async (game: GameRecord, purchase: z.infer<typeof PurchaseSchema>) => {
    const product = await findProduct(ctx.db, game.id, purchase.ProductId);
    const price = product?.definition.PlatformPrices?.yandex;
    if (!product || price === undefined)
      throw new NotFoundError(`A product sold on Yandex called ${purchase.ProductId}`);
    return {
      token: purchase.Token,
      status: 'waiting',
      errorCode: '',
      errorDescription: '',
      url: 'https://yandex.ru/games/sdk/payments/trust-fake.html',
      product: {
        id: product.row.sku,
        title: product.row.sku,
        description: '',
        price: { code: 'YAN', value: String(price) },
        imagePrefix: '',
      },
      ...(purchase.DeveloperPayload ? { developerPayload: purchase.DeveloperPayload } : {}),
    };
  };
  return async (app) => {
    app.get('/dev/hosts/yandex-host.js', { schema: { hide: true } }, hostScript('yandex-host.js'));
    app.get('/dev/hosts/yandex/sdk.js', { schema: { hide: true } }, standInScript('yandex-sdk.js'));

    app.post(
      '/dev/hosts/yandex/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const game = await yandexGame(request.body.Game);
        const base = ctx.config.portal.routerBasePath;
        return {
          Url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/yandex`,
          AppId: `sim-${game.definition.GameSystemName}`,
          Player: simulatedYandexPlayer(request.body.User, ctx.config.publicUrl),
          Leaderboards: yandexBoardsOf(game),
        };
      },
    );

    app.post(
      '/dev/hosts/yandex/sign-player',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            UniqueID: z.string().regex(/^[\w-]{1,128}$/),
            Name: z.string().max(100),
            Lang: z.string().regex(/^[a-z]{2}$/),
          }),
        },
      },
      async (request) => {
        const { Game, UniqueID, Name, Lang } = request.body;
        const game = await yandexGame(Game);
        return { Signature: sign(ctx, game, { uniqueID: UniqueID, publicName: Name, lang: Lang }) };
      },
    );

    app.post(
      '/dev/hosts/yandex/sign-purchases',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            Purchases: z.array(PurchaseSchema).max(100),
            List: z.boolean().describe('getPurchases() (a list) rather than purchase() (one)'),
          }),
        },
      },
      async (request) => {
        const game = await yandexGame(request.body.Game);
        const purchases = await Promise.all(request.body.Purchases.map((purchase) => signedPurchase(game, purchase)));
        if (!request.body.List && purchases.length !== 1) throw new NotFoundError('Exactly one purchase');
        return { Signature: sign(ctx, game, request.body.List ? purchases : purchases[0]) };
      },
    );
  };
}

/** The games the simulated Yandex can host (published on `yandex`, with a key here). */
export function yandexHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('yandex') && yandexSecretsOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
