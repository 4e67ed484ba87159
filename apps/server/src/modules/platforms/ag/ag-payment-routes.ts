import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { handleAgNotification } from './ag-payments.js';

/** A payment notification is a handful of short fields. */
const NOTIFICATION_BODY_LIMIT = 16 * 1024;

/**
 * The notification URL to set in the game's Absolute Games settings:
 * `{PUBLIC_URL}/api/v1/platforms/ag/payments/{Game}`. AG posts a form; the body is parsed
 * once, as received, and verified before anything is read.
 */
export function agPaymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post('/platforms/ag/payments/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "Absolute Games' payment notification for a game's AG application",
        description:
          'A form (app_id, player_id, token, invoice, amount, currency, status) signed by AG with the app secret: ' +
          'sign = hex HMAC-SHA256 over the sorted key=value pairs joined by &. token must be one this server issued ' +
          '(POST /platforms/payment) to the account of that AG player; amount and currency must be the catalog ' +
          'PlatformPrices.ag in RUB. Each token pays one order once; a repeat answers ok again. Answers JSON: 200 ' +
          '{result: ok, orderId}; refusals {result: error, code, message} with 401 bad_signature, 404 unknown_game, ' +
          '400 invalid_payment, 409 already_owned.',
        params: z.object({ Game: GameSystemNameSchema }),
      },
      handler: async (request, reply) => {
        const answer = await handleAgNotification(ctx, request.params.Game, String(request.body ?? ''));
        request.log.info(
          { game: request.params.Game, outcome: answer.body.result === 'ok' ? 'ok' : answer.body.code },
          'Absolute Games payment notification',
        );
        return reply.status(answer.status).send(answer.body);
      },
    });
  };
}
