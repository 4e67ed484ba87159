import { randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { findProduct } from '../catalog/products-service.js';
import { facebookSignedRequest } from '../platforms/facebook-signed-request.js';
import { createFakeGraph } from '../platforms/fbgames/facebook-graph-fake.js';
import { fbGamesAppOf, requireFbGamesApp } from '../platforms/fbgames/fbgames-apps.js';
import { fbGamesPriceOf, skuOfOgUrl } from '../platforms/fbgames/fbgames-products.js';
import { hubSignature } from '../platforms/fbgames/hub-signature.js';
import { hostScript, standInScript } from './host-script.js';

/**
 * The server half of the simulated Facebook Games canvas (development only): it holds the game's
 * app secret, so it signs what Facebook signs (the signed_request of the login status and of the pay
 * dialog's result, the payments webhook's X-Hub-Signature-256), and it plays the Graph API our
 * server asks about each payment (/dev/facebook-graph/v19.0/{payment_id}).
 */

/** The returning user of every game: one fixed id, so a second visit finds the same account. */
export const RETURNING_FB_USER_ID = '4400000000000001';

const NAMES = ['Nora Berg', 'Diego Alves', 'Mia Schulz', 'Omar Haddad'];

export function fbGamesHostRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const graph = createFakeGraph();
  const fbGame = async (name: string): Promise<GameRecord> => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('fbgames') || !fbGamesAppOf(ctx, game))
      throw new NotFoundError(`A game on Facebook Games called ${name}`);
    return game;
  };
  const secret = (game: GameRecord) => requireFbGamesApp(ctx, game).secrets[0] ?? '';
  const seconds = () => Math.floor(ctx.now() / 1000);

  return async (scoped) => {
    scoped.get('/dev/hosts/fbgames-host.js', { schema: { hide: true } }, hostScript('fbgames-host.js'));
    scoped.get('/dev/hosts/fbgames/sdk.js', { schema: { hide: true } }, standInScript('fb-sdk.js'));

    scoped.get(
      '/dev/facebook-graph/:version/:paymentId',
      {
        schema: {
          hide: true,
          params: z.object({ version: z.string().regex(/^v\d+\.\d+$/), paymentId: z.string().max(32) }),
          querystring: z.object({ access_token: z.string().optional() }).passthrough(),
        },
      },
      async (request, reply) => {
        const { status, body } = graph.answer(request.params.paymentId, request.query.access_token ?? null);
        return reply.code(status).send(body);
      },
    );

    scoped.post(
      '/dev/hosts/fbgames/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const game = await fbGame(request.body.Game);
        const { appId } = requireFbGamesApp(ctx, game);
        const base = ctx.config.portal.routerBasePath;
        const user = request.body.User;
        return {
          Url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/fbgames?app_id=${appId}`,
          AppId: appId,
          User: {
            id: user === 'returning' ? RETURNING_FB_USER_ID : `44${randomInt(10 ** 13, 10 ** 14)}`,
            name: NAMES[randomInt(NAMES.length)] ?? 'Nora Berg',
            // A guest has not authorized the app yet: Facebook gives no user until FB.login.
            authorized: user !== 'guest',
          },
        };
      },
    );

    scoped.post(
      '/dev/hosts/fbgames/sign-user',
      {
        schema: { hide: true, body: z.object({ Game: GameSystemNameSchema, UserId: z.string().regex(/^\d{1,32}$/) }) },
      },
      async (request) => {
        const game = await fbGame(request.body.Game);
        return {
          SignedRequest: facebookSignedRequest(
            { algorithm: 'HMAC-SHA256', issued_at: seconds(), user_id: request.body.UserId },
            secret(game),
          ),
        };
      },
    );

    scoped.post(
      '/dev/hosts/fbgames/pay',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            UserId: z.string().regex(/^\d{1,32}$/),
            Product: z.string().max(512),
            RequestId: z.string().max(128),
          }),
        },
      },
      async (request) => {
        const { Game, UserId, Product, RequestId } = request.body;
        const game = await fbGame(Game);
        const sku = skuOfOgUrl(ctx, game, Product);
        const product = sku ? await findProduct(ctx.db, game.id, sku) : undefined;
        const cents = product && fbGamesPriceOf(product);
        if (!product || cents === undefined) throw new NotFoundError(`A product page of ${Game} at ${Product}`);
        const { appId } = requireFbGamesApp(ctx, game);
        const paymentId = `${Date.now()}${randomInt(1000)}`;
        const amount = (cents / 100).toFixed(2);
        graph.record(
          {
            id: paymentId,
            user: { id: UserId, name: 'Simulated user' },
            application: { id: appId, name: game.definition.GameSystemName },
            request_id: RequestId,
            actions: [
              {
                type: 'charge',
                status: 'completed',
                currency: 'USD',
                amount,
                time_created: new Date(ctx.now()).toISOString(),
              },
            ],
            items: [{ type: 'IN_APP_PURCHASE', product: Product, quantity: 1 }],
          },
          `${appId}|${secret(game)}`,
        );
        // Facebook's payments webhook, signed over the raw body with the app secret, before the dialog answers.
        const body = JSON.stringify({
          object: 'payments',
          entry: [{ id: paymentId, time: seconds(), changed_fields: ['actions'] }],
        });
        const webhook = await app.inject({
          method: 'POST',
          url: `/api/v1/platforms/fbgames/payments/${encodeURIComponent(Game)}`,
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, secret(game)) },
          payload: body,
        });
        const signed = facebookSignedRequest(
          {
            algorithm: 'HMAC-SHA256',
            amount,
            currency: 'USD',
            issued_at: seconds(),
            payment_id: Number(paymentId),
            quantity: '1',
            status: 'completed',
          },
          secret(game),
        );
        return {
          Dialog: {
            payment_id: paymentId,
            amount,
            currency: 'USD',
            quantity: '1',
            request_id: RequestId,
            status: 'completed',
            signed_request: signed,
          },
          Webhook: { status: webhook.statusCode, body: webhook.json() },
        };
      },
    );
  };
}

/** The games the simulated Facebook Games can host (published on `fbgames`, with an app here). */
export function fbGamesHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('fbgames') && fbGamesAppOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
