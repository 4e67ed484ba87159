import { randomBytes, randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { requireVkPlayApp, vkPlayAppOf } from '../platforms/vkplay/vkplay-apps.js';
import { vkPlaySign } from '../platforms/vkplay/vkplay-sign.js';
import { hostScript, standInScript } from './host-script.js';

/**
 * The server half of the simulated VK Play (development only): it holds the game's VK Play
 * secret, so it signs what VK Play signs (vkplay-sign.ts): the launch parameters of a
 * simulated user, and the payment notification VK Play sends to our route when the player
 * pays in paymentFrame's window.
 */

/** The returning user of every game: one fixed VK Play id, so a second visit finds the same account. */
export const RETURNING_VKPLAY_UID = '9100000001';

/** VK Play's login status of each kind of simulated user (platform-protocols.md §1c). */
const LOGIN_STATUS = { guest: 0, unregistered: 1, new: 2, returning: 2 } as const;

const signed = (params: Record<string, string>, secret: string) =>
  new URLSearchParams({ ...params, sign: vkPlaySign(new Map(Object.entries(params)), secret) });

/**
 * The portal's player page for `game` on VK Play, with launch parameters signed as VK Play
 * signs them; a guest's (not registered in the game) name no uid.
 */
export function vkPlayLaunchUrl(ctx: AppContext, game: GameRecord, uid: string | undefined) {
  const app = requireVkPlayApp(ctx, game);
  const params: Record<string, string> = { appid: app.appId, hash: randomBytes(8).toString('hex') };
  if (uid) params.uid = uid;
  const base = ctx.config.portal.routerBasePath;
  const query = signed(params, app.secrets[0] ?? '');
  return {
    url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/vkplay?${query}`,
    appId: app.appId,
  };
}

/**
 * What VK Play does once the player paid in paymentFrame's window: its signed payment
 * notification (GET) to our route, through this server's own HTTP stack.
 */
export async function simulateVkPlayPayment(
  app: FastifyInstance,
  ctx: AppContext,
  game: GameRecord,
  input: { uid: string; merchantParam: Record<string, string | number> },
): Promise<{ transactionId: string; paid: boolean; answer: string }> {
  const vkPlayApp = requireVkPlayApp(ctx, game);
  const transactionId = String(randomInt(1_000_000_000, 2 ** 47));
  const param = input.merchantParam;
  const query = signed(
    {
      appid: vkPlayApp.appId,
      uid: input.uid,
      transaction_id: transactionId,
      item_id: String(param.item_id ?? ''),
      amount: String(param.amount ?? ''),
      currency: String(param.currency ?? ''),
      order_id: String(param.order_id ?? ''),
    },
    vkPlayApp.secrets[0] ?? '',
  );
  const url = `${ctx.config.portal.routerBasePath}api/v1/platforms/vkplay/payments/${encodeURIComponent(game.definition.GameSystemName)}`;
  const response = await app.inject({ method: 'GET', url: `${url}?${query}` });
  return { transactionId, paid: response.json().status === 'ok', answer: response.body };
}

export function vkPlayHostRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const vkPlayGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game || !vkPlayAppOf(ctx, game)) throw new NotFoundError(`A game on VK Play called ${name}`);
    return game;
  };
  return async (scoped) => {
    scoped.get('/dev/hosts/vkplay-host.js', { schema: { hide: true } }, hostScript('vkplay-host.js'));
    scoped.get('/dev/hosts/vkplay/mailru.core.js', { schema: { hide: true } }, standInScript('vkplay-core.js'));

    scoped.post(
      '/dev/hosts/vkplay/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest', 'unregistered']) }),
        },
      },
      async (request) => {
        const { Game, User } = request.body;
        const game = await vkPlayGame(Game);
        const loginStatus = LOGIN_STATUS[User];
        const uid =
          User === 'returning'
            ? RETURNING_VKPLAY_UID
            : loginStatus >= 2
              ? String(randomInt(9_200_000_000, 9_999_999_999))
              : undefined;
        const launch = vkPlayLaunchUrl(ctx, game, uid);
        return { Url: launch.url, AppId: launch.appId, User: { uid: uid ?? null, loginStatus } };
      },
    );

    scoped.post(
      '/dev/hosts/vkplay/pay',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            Uid: z.string().regex(/^[1-9]\d{0,19}$/),
            MerchantParam: z.record(z.string(), z.union([z.string().max(256), z.number()])),
          }),
        },
      },
      async (request) => {
        const { Game, Uid, MerchantParam } = request.body;
        const paid = await simulateVkPlayPayment(app, ctx, await vkPlayGame(Game), {
          uid: Uid,
          merchantParam: MerchantParam,
        });
        return { TransactionId: paid.transactionId, Paid: paid.paid, Answer: paid.answer };
      },
    );
  };
}

/** The games the simulated VK Play can host (published on `vkplay`, with a VK Play application here). */
export function vkPlayHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games.filter((game) => vkPlayAppOf(ctx, game)).map((game) => game.definition.GameSystemName);
}
