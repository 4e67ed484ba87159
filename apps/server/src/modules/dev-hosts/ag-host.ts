import { randomBytes, randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { agAppOf, requireAgApp } from '../platforms/ag/ag-apps.js';
import { readAgPaymentToken } from '../platforms/ag/ag-payment-token.js';
import { agSign } from '../platforms/ag/ag-sign.js';
import { hostScript } from './host-script.js';

/**
 * The server half of the simulated Absolute Games (development only): it holds the game's AG
 * secret, so it signs what AG signs (the proposed protocol of packages/platforms/src/ag/README.md):
 * the iframe parameters of a simulated player (on launch, and again when a guest logs in), and
 * the payment notification AG's server sends to our notification route when the player pays.
 */

/** The returning player of every game: one fixed AG id, so a second visit finds the same account. */
export const RETURNING_AG_PLAYER_ID = 'ag-100001';

const NAMES = ['Artem Volkov', 'Daria Morozova', 'Nikita Orlov', 'Polina Zaitseva'];

/** The iframe parameters AG would give `playerId`, signed with the game's AG secret. */
export function agOptions(ctx: AppContext, game: GameRecord, playerId: string, guest: boolean): Record<string, string> {
  const app = requireAgApp(ctx, game);
  const params: Record<string, string> = {
    app_id: app.appId,
    player_id: playerId,
    guest: guest ? 'true' : 'false',
    game_sid: `${Math.floor(ctx.now() / 1000)}-${randomBytes(8).toString('hex')}`,
    invite: '',
    debug: '1',
  };
  return { ...params, auth_key: agSign(new Map(Object.entries(params)), app.secrets[0] ?? '') };
}

const newPlayerId = () => `ag-${randomInt(200_000, 999_999_999)}`;
const nameOf = (playerId: string) => NAMES[playerId.length % NAMES.length] ?? 'Artem Volkov';

/**
 * What AG's server does once the player pays in its window: the signed payment notification to
 * our route, through this server's own HTTP stack, for what the token says AG charges.
 */
export async function simulateAgPayment(
  app: FastifyInstance,
  ctx: AppContext,
  game: GameRecord,
  input: { playerId: string; token: string },
): Promise<{ invoice: string; paid: boolean; answer: string }> {
  const agApp = requireAgApp(ctx, game);
  const charge = readAgPaymentToken(input.token);
  const invoice = String(randomInt(1_000_000, 2 ** 40));
  const fields: Record<string, string> = {
    app_id: agApp.appId,
    player_id: input.playerId,
    token: input.token,
    invoice,
    amount: String(charge?.amount ?? 0),
    currency: charge?.currency ?? 'RUB',
    status: 'success',
  };
  const sign = agSign(new Map(Object.entries(fields)), agApp.secrets[0] ?? '');
  const response = await app.inject({
    method: 'POST',
    url: `${ctx.config.portal.routerBasePath}api/v1/platforms/ag/payments/${encodeURIComponent(game.definition.GameSystemName)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, sign }).toString(),
  });
  return { invoice, paid: response.statusCode === 200, answer: response.body };
}

export function agHostRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const agGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('ag') || !agAppOf(ctx, game))
      throw new NotFoundError(`A game on Absolute Games called ${name}`);
    return game;
  };
  return async (scoped) => {
    scoped.get('/dev/hosts/ag-host.js', { schema: { hide: true } }, hostScript('ag-host.js'));

    scoped.post(
      '/dev/hosts/ag/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const game = await agGame(request.body.Game);
        const guest = request.body.User === 'guest';
        const playerId = request.body.User === 'returning' ? RETURNING_AG_PLAYER_ID : newPlayerId();
        const options = agOptions(ctx, game, playerId, guest);
        const base = ctx.config.portal.routerBasePath;
        return {
          Url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/ag?${new URLSearchParams(options)}`,
          AppId: options.app_id ?? '',
          User: { id: playerId, name: guest ? 'Guest' : nameOf(playerId), guest },
        };
      },
    );

    // A guest logs in on ag.ru: the host gets new signed parameters for a player (agru-optionsUpdates).
    scoped.post(
      '/dev/hosts/ag/login',
      { schema: { hide: true, body: z.object({ Game: GameSystemNameSchema }) } },
      async (request) => {
        const game = await agGame(request.body.Game);
        const playerId = newPlayerId();
        return {
          Options: agOptions(ctx, game, playerId, false),
          User: { id: playerId, name: nameOf(playerId), guest: false },
        };
      },
    );

    scoped.post(
      '/dev/hosts/ag/pay',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            PlayerId: z.string().regex(/^[\w-]{1,64}$/),
            Token: z.string().min(1).max(2048),
          }),
        },
      },
      async (request) => {
        const { Game, PlayerId, Token } = request.body;
        const paid = await simulateAgPayment(app, ctx, await agGame(Game), { playerId: PlayerId, token: Token });
        return { Invoice: paid.invoice, Paid: paid.paid, Answer: paid.answer };
      },
    );
  };
}

/** The games the simulated Absolute Games can host (published on `ag`, with an AG application here). */
export function agHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('ag') && agAppOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
