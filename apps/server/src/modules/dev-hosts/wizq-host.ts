import { randomBytes, randomInt } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { findProduct } from '../catalog/products-service.js';
import { requireWizqApp, wizqAppOf } from '../platforms/ymobage/wizq-apps.js';
import { oauthHeader } from '../platforms/ymobage/wizq-oauth.js';
import { wizqPriceOf } from '../platforms/ymobage/wizq-payment-start.js';
import { WIZQ_TOKEN_ISSUER } from '../platforms/ymobage/wizq-sign-in.js';
import { hostScript } from './host-script.js';

/**
 * The server half of the simulated WizQ (development only): it holds the game's WizQ consumer
 * secret, so it signs what WizQ signs (the proposed protocol of packages/platforms/src/ymobage/
 * README.md): the launch token of a simulated viewer, and the OAuth 1.0 requests WizQ's gadget
 * server relays to our proxy route (the game's `ping`, and `payment` once the player paid).
 */

/** The returning viewer of every game: one fixed WizQ id, so a second visit finds the same account. */
export const RETURNING_WIZQ_VIEWER_ID = '900000001';

async function launchToken(ctx: AppContext, game: GameRecord, viewerId: string): Promise<string> {
  const app = requireWizqApp(ctx, game);
  const now = Math.floor(ctx.now() / 1000);
  return new SignJWT({ iss: WIZQ_TOKEN_ISSUER, aud: app.appId, sub: viewerId, iat: now, exp: now + 3600 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(app.secrets[0] ?? ''));
}

/** What WizQ's gadget server does for a request: signs it and relays it to our proxy route. */
export async function relayWizqRequest(
  app: FastifyInstance,
  ctx: AppContext,
  game: GameRecord,
  input: { viewerId: string; session: string; num: number; command: string; fields?: Record<string, string> },
) {
  const wizq = requireWizqApp(ctx, game);
  const path = `${ctx.config.portal.routerBasePath}api/v1/wizq/proxyRequestHandler/${encodeURIComponent(game.definition.GameSystemName)}`;
  const form: [string, string][] = Object.entries({
    opensocial_app_id: wizq.appId,
    opensocial_viewer_id: input.viewerId,
    data: JSON.stringify({ command: input.command, num: input.num }),
    ...input.fields,
  });
  const authorization = oauthHeader(
    { method: 'POST', url: `${new URL(ctx.config.publicUrl).origin}${path}`, form },
    {
      consumerKey: wizq.appId,
      secret: wizq.secrets[0] ?? '',
      token: input.session,
      timestamp: Math.floor(ctx.now() / 1000),
      nonce: randomBytes(8).toString('hex'),
    },
  );
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
    payload: new URLSearchParams(form).toString(),
  });
  return { ok: response.statusCode === 200, answer: response.json() as Record<string, unknown> };
}

export function wizqHostRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const wizqGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('ymobage') || !wizqAppOf(ctx, game))
      throw new NotFoundError(`A game on WizQ called ${name}`);
    return game;
  };
  return async (scoped) => {
    scoped.get('/dev/hosts/ymobage-host.js', { schema: { hide: true } }, hostScript('ymobage-host.js'));

    scoped.post(
      '/dev/hosts/ymobage/launch',
      {
        schema: {
          hide: true,
          // WizQ has no guests: a "guest" is a new viewer.
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const game = await wizqGame(request.body.Game);
        const viewerId =
          request.body.User === 'returning' ? RETURNING_WIZQ_VIEWER_ID : String(randomInt(900_000_100, 999_999_999));
        const query = new URLSearchParams({
          opensocial_app_id: requireWizqApp(ctx, game).appId,
          opensocial_viewer_id: viewerId,
          wizq_token: await launchToken(ctx, game, viewerId),
        });
        return {
          Url: `${ctx.config.portal.routerBasePath}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/ymobage?${query}`,
          Session: randomBytes(12).toString('hex'),
          User: { id: viewerId },
        };
      },
    );

    scoped.post(
      '/dev/hosts/ymobage/proxy',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            ViewerId: z.string().regex(/^\d{1,20}$/),
            Session: z.string().regex(/^[\w-]{1,64}$/),
            Num: z.number().int().min(0),
            Command: z.enum(['ping', 'payment']),
            SecuredOrderId: z.string().max(128).optional(),
            Sku: z.string().max(64).optional(),
          }),
        },
      },
      async (request) => {
        const { Game, ViewerId, Session, Num, Command, SecuredOrderId, Sku } = request.body;
        const game = await wizqGame(Game);
        // WizQ charges what the game registered for the item: here, the catalog's WizQ price.
        const product = Sku ? await findProduct(ctx.db, game.id, Sku) : undefined;
        const fields: Record<string, string> =
          Command === 'payment'
            ? {
                secured_order_id: SecuredOrderId ?? '',
                sku: Sku ?? '',
                amount: String((product && wizqPriceOf(product)) ?? 0),
                payment_id: `wzp-${randomBytes(6).toString('hex')}`,
              }
            : {};
        const relayed = await relayWizqRequest(app, ctx, game, {
          viewerId: ViewerId,
          session: Session,
          num: Num,
          command: Command,
          fields,
        });
        return { Ok: relayed.ok, Answer: relayed.answer };
      },
    );
  };
}

/** The games the simulated WizQ can host (published on `ymobage`, with a WizQ application here). */
export function wizqHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('ymobage') && wizqAppOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
