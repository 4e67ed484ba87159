import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { handleVkPlayPayment, VKPLAY_ERRORS, type VkPlayAnswer } from './vkplay-payments.js';

/** VK Play's API answer shape (platform-protocols.md §1c): `{status:'ok'}` or `{status:'error', errcode, errmsg}`. */
export function vkPlayAnswerJson(answer: VkPlayAnswer) {
  return answer.ok ? { status: 'ok' } : { status: 'error', errcode: answer.code, errmsg: answer.message };
}

/**
 * The payment notification URL to give VK Play: `{PUBLIC_URL}/api/v1/platforms/vkplay/payments/{Game}`.
 * The query string is verified as received; the answer is always HTTP 200 with JSON.
 */
export function vkPlayPaymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/platforms/vkplay/payments/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "VK Play's payment notification for a game's VK Play application",
        description:
          "VK Play's real notification format is not public; this one is fxid's, in VK Play's style: appid, uid, " +
          'transaction_id, item_id (a catalog sku with PlatformPrices.vkplay), amount (its price in whole units of ' +
          'currency, RUB only), order_id (the OrderId POST /platforms/payment gave) and sign (md5 over the sorted ' +
          'key=value pairs and the app secret). Each order_id pays one order once; a repeat answers ok again. ' +
          'Answers JSON, HTTP 200: {"status":"ok"} or {"status":"error","errcode":…,"errmsg":…} with errcode 1 ' +
          'signature or another app, 2 invalid payment (unknown product, price, user, a reference not issued to ' +
          'the user, a one-time product already owned), 3 temporary failure here.',
        params: z.object({ Game: GameSystemNameSchema }),
      },
      handler: async (request) => {
        const query = request.raw.url?.split('?').slice(1).join('?') ?? '';
        let answer: VkPlayAnswer;
        try {
          answer = await handleVkPlayPayment(ctx, request.params.Game, query);
        } catch (error) {
          request.log.error({ err: error }, 'VK Play payment notification failed');
          answer = { ok: false, code: VKPLAY_ERRORS.temporary, message: 'temporarily unavailable, try again' };
        }
        request.log.info(
          { game: request.params.Game, outcome: answer.ok ? 'ok' : answer.code },
          'VK Play payment notification',
        );
        return vkPlayAnswerJson(answer);
      },
    });
  };
}
