import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { problemResponses } from '../../../http/responses.js';
import { handleVkNotification, VK_ERRORS, type VkAnswer, vkError } from './vk-payments.js';

/** VK's notifications are a few hundred bytes. */
const NOTIFICATION_BODY_LIMIT = 16 * 1024;

const VkAnswerSchema = z
  .union([
    z.object({ response: z.record(z.string(), z.union([z.string(), z.number()])) }),
    z.object({ error: z.object({ error_code: z.number().int(), error_msg: z.string(), critical: z.boolean() }) }),
  ])
  .meta({ id: 'VkPaymentAnswer' });

/**
 * The callback URL to set in the VK app's payment settings:
 * `{PUBLIC_URL}/api/v1/platforms/vkcom/payments/{Game}`. VK posts a form; the body is
 * parsed once, as received, and the answer is always HTTP 200 with VK's JSON.
 */
export function vkPaymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post('/platforms/vkcom/payments/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "VK payments notifications (get_item, order_status_change and their _test twins) for a game's VK app",
        description:
          'Signed by VK with the app secure key (md5 over the sorted parameters). get_item answers the product ' +
          "title and its catalog PlatformPrices.vkcom in votes; order_status_change with status chargeable creates and pays the order once per VK order_id, and a repeat gets the same app_order_id; with status refunded the paid order ends refunded (CancelledPaid), once. Errors use VK's codes: 10 signature, 11 inconsistent parameters, price or refund, 20 unknown product, 22 unknown user, 2 temporary; and our own 100 (a one-time product the player already owns) and 101 (its web checkout is open), both critical so that VK cancels the order without charging.",
        params: z.object({ Game: GameSystemNameSchema }),
        response: { 200: VkAnswerSchema, ...problemResponses(400, 413, 415) },
      },
      handler: async (request) => {
        let answer: VkAnswer;
        try {
          answer = await handleVkNotification(ctx, request.params.Game, String(request.body ?? ''));
        } catch (error) {
          // Our failure, not VK's: it retries a non-critical error.
          request.log.error({ err: error }, 'VK payment notification failed');
          answer = vkError(VK_ERRORS.temporary, 'Temporary error, try again', false);
        }
        request.log.info(
          { game: request.params.Game, outcome: 'error' in answer ? answer.error.error_code : 'ok' },
          'VK payment notification',
        );
        return answer;
      },
    });
  };
}
