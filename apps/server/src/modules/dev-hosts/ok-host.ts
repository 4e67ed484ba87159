import { randomBytes, randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { okAppOf, requireOkApp } from '../platforms/ok/ok-apps.js';
import { okAuthSig, okParamsSig } from '../platforms/ok/ok-sign.js';
import { hostScript, standInScript } from './host-script.js';

/**
 * The server half of the simulated Odnoklassniki (development only): it holds the game's
 * OK secret key, so it signs what OK signs (security.md §2): the launch parameters
 * (`auth_sig`) of a simulated user, and the `callbacks.payment` OK sends to our callback
 * route when the player pays in showPayment's window.
 */

/** The returning user of every game: one fixed OK id, so a second visit finds the same account. */
export const RETURNING_OK_USER_ID = '576100000001';

const NAMES = ['Svetlana Ivanova', 'Pavel Sidorov', 'Irina Popova', 'Oleg Lebedev'];

/** The portal's player page for `game` on OK, with launch parameters signed as OK signs them. */
export function okLaunchUrl(ctx: AppContext, game: GameRecord, userId: string): { url: string; appId: string } {
  const app = requireOkApp(ctx, game);
  const sessionKey = `-s-${randomBytes(12).toString('hex')}`;
  const query = new URLSearchParams({
    api_server: 'https://api.ok.ru/',
    apiconnection: `${app.appId}_${ctx.now()}`,
    application_key: app.publicKey,
    authorized: '1',
    logged_user_id: userId,
    session_key: sessionKey,
    session_secret_key: randomBytes(16).toString('hex'),
    auth_sig: okAuthSig(userId, sessionKey, app.secrets[0] ?? ''),
  });
  const base = ctx.config.portal.routerBasePath;
  return {
    url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/ok?${query}`,
    appId: app.appId,
  };
}

/**
 * What OK does once the player pays in showPayment's window: `callbacks.payment` (GET, the
 * query signed with the secret key) to our callback route, through this server's own HTTP stack.
 */
export async function simulateOkPayment(
  app: FastifyInstance,
  ctx: AppContext,
  game: GameRecord,
  input: { uid: string; code: string; price: number; attributes: string },
): Promise<{ transactionId: string; paid: boolean; answer: string }> {
  const okApp = requireOkApp(ctx, game);
  const transactionId = String(randomInt(1_000_000_000, 2 ** 47));
  const params: Record<string, string> = {
    application_key: okApp.publicKey,
    method: 'callbacks.payment',
    call_id: String(ctx.now()),
    uid: input.uid,
    transaction_id: transactionId,
    transaction_time: new Date(ctx.now()).toISOString().slice(0, 19).replace('T', ' '),
    product_code: input.code,
    amount: String(input.price),
    extra_attributes: input.attributes,
  };
  const sig = okParamsSig(new Map(Object.entries(params)), okApp.secrets[0] ?? '');
  const url = `${ctx.config.portal.routerBasePath}api/v1/platforms/ok/payments/${encodeURIComponent(game.definition.GameSystemName)}`;
  const response = await app.inject({ method: 'GET', url: `${url}?${new URLSearchParams({ ...params, sig })}` });
  return { transactionId, paid: response.body.includes('>true</callbacks_payment_response>'), answer: response.body };
}

export function okHostRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const okGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('ok') || !okAppOf(ctx, game))
      throw new NotFoundError(`A game on Odnoklassniki called ${name}`);
    return game;
  };
  return async (scoped) => {
    scoped.get('/dev/hosts/ok-host.js', { schema: { hide: true } }, hostScript('ok-host.js'));
    scoped.get('/dev/hosts/ok/fapi5.js', { schema: { hide: true } }, standInScript('ok-fapi.js'));

    scoped.post(
      '/dev/hosts/ok/launch',
      {
        schema: {
          hide: true,
          // OK has no guests: a "guest" is a new user.
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const game = await okGame(request.body.Game);
        const userId =
          request.body.User === 'returning'
            ? RETURNING_OK_USER_ID
            : String(randomInt(576_200_000_000, 576_999_999_999));
        const launch = okLaunchUrl(ctx, game, userId);
        return {
          Url: launch.url,
          AppId: launch.appId,
          User: { uid: userId, name: NAMES[Number(userId) % NAMES.length] ?? 'Svetlana Ivanova' },
        };
      },
    );

    scoped.post(
      '/dev/hosts/ok/pay',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            Uid: z.string().regex(/^[1-9]\d{0,19}$/),
            Code: z.string().min(1).max(64),
            Price: z.number().int().positive(),
            Attributes: z.string().max(1024),
          }),
        },
      },
      async (request) => {
        const { Game, Uid, Code, Price, Attributes } = request.body;
        const paid = await simulateOkPayment(app, ctx, await okGame(Game), {
          uid: Uid,
          code: Code,
          price: Price,
          attributes: Attributes,
        });
        return { TransactionId: paid.transactionId, Paid: paid.paid, Answer: paid.answer };
      },
    );
  };
}

/** The games the simulated OK can host (published on `ok`, with an OK application here). */
export function okHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('ok') && okAppOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
