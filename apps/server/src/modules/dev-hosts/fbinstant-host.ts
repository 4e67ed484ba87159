import { randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { findProduct } from '../catalog/products-service.js';
import { facebookSignedRequest } from '../platforms/facebook-signed-request.js';
import { fbInstantAppOf, requireFbInstantApp } from '../platforms/fbinstantgames/fbinstant-apps.js';
import { fbInstantPriceOf } from '../platforms/fbinstantgames/fbinstant-payment-start.js';
import { hostScript, standInScript } from './host-script.js';

/**
 * The server half of the simulated Facebook Instant Games (development only): it holds the
 * game's app secret, so it signs what Facebook signs (security.md §4): the SignedPlayerInfo of
 * getSignedPlayerInfoAsync() and each Purchase's signedRequest, for products the game sells there.
 */

/** The returning player of every game: one fixed id, so a second visit finds the same account. */
export const RETURNING_FB_PLAYER_ID = '4100000000000001';

const NAMES = ['Mark Pavlov', 'Emma Lindqvist', 'Lucas Moreau', 'Ana Souza'];

/** A simulated Instant Games player: the returning one or a new one (Facebook has no guests). */
export function simulatedFbPlayer(kind: 'new' | 'returning', publicUrl: string) {
  return {
    id: kind === 'returning' ? RETURNING_FB_PLAYER_ID : `42${randomInt(10 ** 12, 10 ** 13)}`,
    name: NAMES[randomInt(NAMES.length)] ?? 'Mark Pavlov',
    photo: `${publicUrl}/brand/logo.svg`,
  };
}

const seconds = (ctx: AppContext) => Math.floor(ctx.now() / 1000);

export function fbInstantHostRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const fbGame = async (name: string): Promise<GameRecord> => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('fbinstantgames') || !fbInstantAppOf(ctx, game))
      throw new NotFoundError(`A game on Facebook Instant Games called ${name}`);
    return game;
  };
  const sign = (game: GameRecord, payload: Record<string, unknown>) =>
    facebookSignedRequest(
      { algorithm: 'HMAC-SHA256', issued_at: seconds(ctx), ...payload },
      requireFbInstantApp(ctx, game).secrets[0] ?? '',
    );
  return async (app) => {
    app.get('/dev/hosts/fbinstantgames-host.js', { schema: { hide: true } }, hostScript('fbinstantgames-host.js'));
    app.get('/dev/hosts/fbinstantgames/fbinstant.js', { schema: { hide: true } }, standInScript('fbinstant-sdk.js'));

    app.post(
      '/dev/hosts/fbinstantgames/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const game = await fbGame(request.body.Game);
        const base = ctx.config.portal.routerBasePath;
        return {
          Url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/fbinstantgames`,
          AppId: requireFbInstantApp(ctx, game).appId,
          // Every Instant Games player is a Facebook user: a "guest" is a new one.
          Player: simulatedFbPlayer(request.body.User === 'returning' ? 'returning' : 'new', ctx.config.publicUrl),
        };
      },
    );

    app.post(
      '/dev/hosts/fbinstantgames/sign-player',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            PlayerId: z.string().regex(/^\d{1,32}$/),
            RequestPayload: z.string().max(1024).default(''),
          }),
        },
      },
      async (request) => {
        const game = await fbGame(request.body.Game);
        return {
          Signature: sign(game, { player_id: request.body.PlayerId, request_payload: request.body.RequestPayload }),
        };
      },
    );

    app.post(
      '/dev/hosts/fbinstantgames/sign-purchase',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            PaymentId: z.string().regex(/^\d{1,32}$/),
            PurchaseToken: z.string().regex(/^[\w-]{1,128}$/),
            ProductId: z.string().min(1).max(64),
            DeveloperPayload: z.string().max(1024).default(''),
            PurchaseTime: z.number().int().positive(),
          }),
        },
      },
      async (request) => {
        const { Game, PaymentId, PurchaseToken, ProductId, DeveloperPayload, PurchaseTime } = request.body;
        const game = await fbGame(Game);
        const product = await findProduct(ctx.db, game.id, ProductId);
        if (!product || fbInstantPriceOf(product) === undefined)
          throw new NotFoundError(`A product sold on Instant Games called ${ProductId}`);
        return {
          SignedRequest: sign(game, {
            payment_id: PaymentId,
            product_id: ProductId,
            purchase_token: PurchaseToken,
            developer_payload: DeveloperPayload,
            purchase_time: PurchaseTime,
            is_consumed: false,
          }),
        };
      },
    );
  };
}

/** The games the simulated Instant Games can host (published on `fbinstantgames`, with an app here). */
export function fbInstantHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('fbinstantgames') && fbInstantAppOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
