import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { handleOkPayment, OK_ERRORS, type OkAnswer } from './ok-payments.js';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** OK's XML answers (platform-protocols.md §2); JSON answers are unconfirmed (§14 item 4). */
export function okAnswerXml(answer: OkAnswer): string {
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  if (answer.ok) {
    return `${head}<callbacks_payment_response xmlns="http://api.forticom.com/1.0/">true</callbacks_payment_response>`;
  }
  return (
    `${head}<ns2:error_response xmlns:ns2='http://api.forticom.com/1.0/'>` +
    `<error_code>${answer.code}</error_code><error_msg>${escapeXml(answer.message)}</error_msg></ns2:error_response>`
  );
}

/**
 * The callback URL to set in the OK application's payment settings:
 * `{PUBLIC_URL}/api/v1/platforms/ok/payments/{Game}`. OK calls it with GET; the query
 * string is verified as received, and the answer is always HTTP 200 with OK's XML
 * (an error also names its code in the `Invocation-error` header).
 */
export function okPaymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/platforms/ok/payments/:Game', {
      schema: {
        tags: ['platforms'],
        summary: "Odnoklassniki callbacks.payment for a game's OK application",
        description:
          'Signed by OK with the application secret key (md5 over the sorted parameters). product_code must be a ' +
          'catalog product with PlatformPrices.ok and amount its price in OKs; extra_attributes carries the ' +
          'portal\'s purchase reference ({"orderId":…}). Each transaction_id pays one order once; a repeat answers ' +
          'true again. Answers are XML, HTTP 200: <callbacks_payment_response>true</…>, or an error_response with ' +
          "OK's codes (also in the Invocation-error header): 104 signature, 1001 invalid payment (unknown " +
          'product, price, user or application, a one-time product already owned, a reused purchase reference), ' +
          '2 temporary failure here.',
        params: z.object({ Game: GameSystemNameSchema }),
      },
      handler: async (request, reply) => {
        const query = request.raw.url?.split('?').slice(1).join('?') ?? '';
        let answer: OkAnswer;
        try {
          answer = await handleOkPayment(ctx, request.params.Game, query);
        } catch (error) {
          // Our failure, not OK's: SERVICE makes it try again.
          request.log.error({ err: error }, 'OK payment callback failed');
          answer = { ok: false, code: OK_ERRORS.service, message: 'SERVICE : temporarily unavailable, try again' };
        }
        request.log.info({ game: request.params.Game, outcome: answer.ok ? 'ok' : answer.code }, 'OK payment callback');
        if (!answer.ok) reply.header('invocation-error', String(answer.code));
        return reply.type('application/xml; charset=utf-8').send(okAnswerXml(answer));
      },
    });
  };
}
