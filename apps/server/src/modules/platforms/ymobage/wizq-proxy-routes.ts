import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { handleWizqProxy } from './wizq-proxy.js';

const PROXY_BODY_LIMIT = 16 * 1024;

/**
 * The proxy route WizQ's gadget server relays the game's requests to (spec store §7, anonymous:
 * WizQ's OAuth signature, not a bearer token, vouches for the viewer). Set the game's WizQ
 * proxy URL to `{PUBLIC_URL}/api/v1/wizq/proxyRequestHandler/{Game}`; the OAuth base string uses
 * PUBLIC_URL's origin and the path as requested.
 */
export function wizqProxyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PROXY_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post('/wizq/proxyRequestHandler/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "Requests WizQ's gadget server relays for a game (form field data = JSON {command, num})",
        description:
          'OAuth 1.0 HMAC-SHA1 signed by WizQ with the app consumer secret (consumer key = the WizQ app id, ' +
          'timestamp within 5 minutes); opensocial_app_id and opensocial_viewer_id name the app and player. num counts a ' +
          "session's (oauth_token's) requests from 0; one not above the last taken answers 409 replayed. Commands: ping; " +
          'payment (fields secured_order_id, sku, amount, payment_id): a SecuredOrderId issued by POST /platforms/payment ' +
          'to that viewer for that sku, at the catalog PlatformPrices.ymobage, pays the order once, and a repeat answers ok. ' +
          'Refusals {result: error, code}: 401 bad_signature, 400 invalid_request / unknown_command / invalid_payment, ' +
          '404 unknown_game, 409 replayed / already_owned.',
        params: z.object({ Game: GameSystemNameSchema }),
      },
      handler: async (request, reply) => {
        const path = request.url.split('?', 1)[0] ?? '';
        const answer = await handleWizqProxy(ctx, request.params.Game, {
          url: `${new URL(ctx.config.publicUrl).origin}${path}`,
          header: request.headers.authorization,
          body: String(request.body ?? ''),
        });
        request.log.info(
          { game: request.params.Game, outcome: answer.body.result === 'ok' ? 'ok' : answer.body.code },
          'WizQ proxy request',
        );
        return reply.status(answer.status).send(answer.body);
      },
    });
  };
}
