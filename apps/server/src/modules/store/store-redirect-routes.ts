import {
  ContinueRedirectWithPiRequestSchema,
  ContinueRedirectWithPiResponseSchema,
  CreatePaymentWithRedirectParamsSchema,
  CreatePaymentWithRedirectQuerySchema,
  MerchantPaymentCompletedRequestSchema,
  MerchantPaymentCompletedResponseSchema,
  UpdateOrderPiRequestSchema,
  UpdateOrderPiResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { updateOrderPi } from './personal-info-service.js';
import {
  continueRedirectWithPi,
  createPaymentWithRedirect,
  merchantPaymentCompleted,
} from './redirect-checkout-service.js';

/** Personal info and the redirect checkout: the store calls of pages that may have no session. */
export function storeRedirectRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/store/create_payment_with_redirect/:Game/:Sku', {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: "Creates an order and redirects the browser to the provider's checkout",
        description: [
          'For a page that navigates instead of calling the API (a launcher, a new tab on a platform), where no',
          'Authorization header can be sent. `Token` is a temp token from `POST /auth/create_temp_token`: single use,',
          'valid 5 minutes, stored as a hash and consumed here, so a URL that leaks through history, logs or a proxy',
          'is worthless. Session tokens are never accepted in a URL.',
          'Price, currency and quantity come from the catalog, as with create_payment. The provider returns the',
          'player to `/Store/MerchantPaymentCompleted/{token}`, a link to this order only. When the account has no',
          'email, the player first goes to `/Store/ContinueWithPI?Token=…` (see continue_redirect_with_pi).',
          'Errors are problem details (no redirect): 400 invalid_token or expired_token for a bad temp token.',
        ].join(' '),
        params: CreatePaymentWithRedirectParamsSchema,
        querystring: CreatePaymentWithRedirectQuerySchema,
        response: {
          302: z.null().describe("Redirect to the provider's checkout, or to /Store/ContinueWithPI"),
          ...problemResponses(400, 404, 409, 429, 503),
        },
      },
      handler: async (request, reply) => {
        const location = await createPaymentWithRedirect(ctx, { ...request.params, ...request.query });
        return reply
          .code(302)
          .header('location', location)
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .send(null);
      },
    });

    app.post('/store/update-order-pi', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['store'],
        summary: "Sets an order's personal info (receipt email, optional phone) before it is paid",
        description: [
          "The confirm-purchase-with-personal-info modal's values. Trimmed; the email must be valid and the phone",
          "must match `^\\+?[1-9]\\d{1,14}$` (400 validation_failed naming the field). An empty email means the account's",
          'address and is refused when the account has none. Only while the order awaits payment (409 conflict after).',
        ].join(' '),
        body: UpdateOrderPiRequestSchema,
        response: { 200: UpdateOrderPiResponseSchema, ...problemResponses(400, 401, 404, 409) },
      },
      handler: async (request) =>
        updateOrderPi(ctx, accountOf(request), request.body.PublicOrderId, request.body.OrderPersonalInfo),
    });

    app.post('/store/continue_redirect_with_pi', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'Continues a redirect checkout that needs personal info (/Store/ContinueWithPI)',
        description: [
          'Anonymous: the `Token` of the page address (30 minutes, one order) is the only credential. Without',
          'OrderPersonalInfo it reads the order and the form prefill and changes nothing. With it, the values are',
          'checked as in update-order-pi, saved, the token is used up, and RedirectUrl is the checkout to open.',
          '400 invalid_token for an unknown or used token, expired_token after 30 minutes; 409 once the order no',
          'longer awaits payment.',
        ].join(' '),
        body: ContinueRedirectWithPiRequestSchema,
        response: { 200: ContinueRedirectWithPiResponseSchema, ...problemResponses(400, 409, 429) },
      },
      handler: async (request) => continueRedirectWithPi(ctx, request.body.Token, request.body.OrderPersonalInfo),
    });

    app.post('/store/merchant_payment_completed', {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'What /Store/MerchantPaymentCompleted/{token} shows after the provider sent the player back',
        description: [
          "Anonymous: the page's `{token}` (7 days, one order, read only) is the only credential. Display only:",
          "reaching the page never pays an order, only the provider's signed notification does, so the status may",
          'still be Created for a moment; the page polls every second while it is. No personal info is returned.',
          '400 invalid_token or expired_token for a bad token.',
        ].join(' '),
        body: MerchantPaymentCompletedRequestSchema,
        response: { 200: MerchantPaymentCompletedResponseSchema, ...problemResponses(400, 429) },
      },
      handler: async (request) => merchantPaymentCompleted(ctx, request.body.Token),
    });
  };
}
