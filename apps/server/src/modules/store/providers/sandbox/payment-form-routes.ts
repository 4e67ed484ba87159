import {
  PaymentFormChoiceRequestSchema,
  PaymentFormChoiceResponseSchema,
  PaymentFormParamsSchema,
  PaymentFormQuerySchema,
  PaymentFormResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../../context.js';
import { problemResponses } from '../../../../http/responses.js';
import { choosePaymentForm, loadPaymentForm } from './payment-form-service.js';
import type { SandboxProvider } from './sandbox.js';

/** The card payment form page `/{token}`: the sandbox's checkout, shown by the portal. */
export function paymentFormRoutes(ctx: AppContext, sandbox: SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/store/payment_form/:Token', {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'What the card payment form page /{token} shows',
        description: [
          'Anonymous: the unguessable `Token` (the sandbox checkout id, from ConfirmationUrl) is the only credential.',
          'The bank (DemoMode: no real money), the product with its price localized for `Locale`, and where the',
          'player goes afterwards. 404 not_found for an unknown token or a checkout that was already decided.',
        ].join(' '),
        params: PaymentFormParamsSchema,
        querystring: PaymentFormQuerySchema,
        response: { 200: PaymentFormResponseSchema, ...problemResponses(400, 404, 429) },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return loadPaymentForm(ctx, sandbox, request.params.Token, request.query.Locale ?? 'en');
      },
    });

    app.post('/store/payment_form/:Token', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: "The player's Pay, Decline or Cancel (Abandon) on the card payment form page",
        description: [
          'Closes the sandbox checkout and makes the sandbox send fxid its signed notification, which alone changes',
          'the order. Data.Success is true for Pay (go to RedirectUris.Success), false otherwise (Failure).',
          'A CardNumber, when sent, must be 12 to 19 digits passing the Luhn check (400 validation_failed); only its',
          "brand and last four digits are kept, and the buyer's next form offers that card (Card).",
          '404 not_found for an unknown token or a PublicId of another order; 409 conflict once the checkout was decided.',
        ].join(' '),
        params: PaymentFormParamsSchema,
        body: PaymentFormChoiceRequestSchema,
        response: { 200: PaymentFormChoiceResponseSchema, ...problemResponses(400, 404, 409, 429) },
      },
      handler: async (request) => {
        const { PublicId, Choice, CardNumber } = request.body;
        const result = await choosePaymentForm(sandbox, request.params.Token, PublicId, Choice, CardNumber);
        request.log.info({ order: PublicId, choice: Choice }, 'payment form choice');
        return result;
      },
    });
  };
}
