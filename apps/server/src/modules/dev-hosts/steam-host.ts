import { randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { createFakeSteam } from '../platforms/steam/steam-api-fake.js';
import { steamAppOf } from '../platforms/steam/steam-apps.js';
import { createFakeSteamOpenId } from '../platforms/steam/steam-openid-fake.js';
import { bridgeStandIn, hostScript } from './host-script.js';

/**
 * The server half of the simulated Steam (development only): the fake of Steam's partner Web API
 * that the dev default of STEAM_API_URL points at (/dev/hosts/steam/api/…), and what the Steam
 * client of a player running the game's Steam build would do: hand out Web API auth tickets, show
 * the transactions our server opened in its overlay, and answer them (approve or deny).
 */

/** The returning player of every game: one fixed SteamID64, so a second visit finds the same account. */
export const RETURNING_STEAM_ID = '76561198000000001';

const NAMES = ['gordon_f', 'alyx_v', 'chell', 'heavy_weapons'];

const SteamIdSchema = z.string().regex(/^7656119\d{10}$/);

export function steamHostRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // The server calls the fake Web API with the key of the game it serves: the catalog says which apps that is.
  const fake = createFakeSteam({
    appsOfKey: async (key) =>
      (await ctx.catalog.list()).flatMap((game) => {
        const known = steamAppOf(ctx, game);
        return known?.secrets.includes(key) ? [known.appId] : [];
      }),
  });
  /** The game on Steam and its app id. */
  const steamGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    const app = game && steamAppOf(ctx, game);
    if (!game || !app) throw new NotFoundError(`A game on Steam called ${name}`);
    return { game, appId: app.appId };
  };
  return async (app) => {
    await app.register(fake.routes, { prefix: '/dev/hosts/steam/api' });
    // Steam's OpenID login, the development default of STEAM_OPENID_URL: a new Steam player signs in at once.
    const openId = createFakeSteamOpenId(() => ctx.config.platforms.steam?.openIdUrl ?? '');
    await app.register(openId.routes, { prefix: '/dev/hosts/steam/openid' });
    app.get('/dev/hosts/steam-host.js', { schema: { hide: true } }, hostScript('steam-host.js'));
    app.get(
      '/dev/hosts/steam/steam-bridge.js',
      { schema: { hide: true } },
      bridgeStandIn({
        global: 'fxidSteam',
        channel: 'steam-bridge',
        methods: ['appId', 'player', 'getAuthTicketForWebApi'],
        events: { onMicroTxnAuthorizationResponse: 'MicroTxnAuthorizationResponse' },
      }),
    );

    app.post(
      '/dev/hosts/steam/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest', 'unregistered']) }),
        },
      },
      async (request) => {
        const { game, appId } = await steamGame(request.body.Game);
        // Steam has no guests: whoever runs a Steam build is signed in to Steam.
        const steamId =
          request.body.User === 'returning' ? RETURNING_STEAM_ID : `7656119${randomInt(8_000_000_000, 9_999_999_999)}`;
        return {
          Url: `${ctx.config.portal.routerBasePath}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/steam`,
          AppId: Number(appId),
          User: { steamId, name: NAMES[randomInt(NAMES.length)] ?? 'gordon_f' },
        };
      },
    );

    // GetAuthTicketForWebApi: a ticket Steam's (fake) Web API will vouch for.
    app.post(
      '/dev/hosts/steam/ticket',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, SteamId: SteamIdSchema, Identity: z.string().max(64) }),
        },
      },
      async (request) => {
        const { appId } = await steamGame(request.body.Game);
        return { Ticket: fake.issueTicket(appId, request.body.SteamId, request.body.Identity) };
      },
    );

    // What the Steam client shows in the overlay: the player's transactions waiting for an answer.
    app.post(
      '/dev/hosts/steam/waiting',
      { schema: { hide: true, body: z.object({ Game: GameSystemNameSchema, SteamId: SteamIdSchema }) } },
      async (request) => {
        const { appId } = await steamGame(request.body.Game);
        return {
          Transactions: fake
            .waiting(request.body.SteamId)
            .filter((txn) => txn.appid === appId)
            .map((txn) => ({ OrderId: txn.orderid, Currency: txn.currency, Items: txn.items })),
        };
      },
    );

    // The overlay's Authorize or Cancel: Steam marks the transaction, the client gets MicroTxnAuthorizationResponse.
    app.post(
      '/dev/hosts/steam/authorize',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            OrderId: z.string().regex(/^\d{1,20}$/),
            Approved: z.boolean(),
            // Approved, but the card is declined when our server finalizes (FinalizeTxn fails).
            ChargeFails: z.boolean().default(false),
          }),
        },
      },
      async (request) => {
        const { appId } = await steamGame(request.body.Game);
        const txn = fake.authorize(appId, request.body.OrderId, request.body.Approved, request.body.ChargeFails);
        if (!txn) throw new NotFoundError(`A Steam transaction ${request.body.OrderId} waiting for the player`);
        return { AppId: Number(appId), OrderId: txn.orderid, Authorized: txn.status === 'Approved' };
      },
    );
  };
}

/** The games the simulated Steam can host (published on `steam`, with an app here). */
export function steamHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games.filter((game) => steamAppOf(ctx, game)).map((game) => game.definition.GameSystemName);
}
