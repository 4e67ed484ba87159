import {
  Bank131FormParamsSchema,
  Bank131FormQuerySchema,
  Bank131FormResponseSchema,
  Bank131PayRequestSchema,
  Bank131PayResponseSchema,
  Bank131SbpRequestSchema,
  Bank131SbpResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../../context.js';
import { problemResponses } from '../../../../http/responses.js';
import type { Bank131Provider } from './bank131.js';
import { loadBank131Form, payBank131Form, payBank131WithSbp } from './bank131-form-service.js';

/** The card payment form page `/{token}` of a Bank131 checkout, and its SBP QR (spec store §7). */
export function bank131Routes(ctx: AppContext, bank: Bank131Provider): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/bank131/form/:Token', {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'What the Bank131 card payment form page /{token} shows (GET {token}?PublicId)',
        description: [
          'Anonymous: the unguessable Token with its order PublicId (both from Bank131.FormUrl) are the credential.',
          'The bank (Bank131 or SmartGLocal, demo or live), the product, the redirects, the receipt address, the',
          "saved card and, while open, a public token for the bank's card widget. 404 not_found for an unknown pair.",
        ].join(' '),
        params: Bank131FormParamsSchema,
        querystring: Bank131FormQuerySchema,
        response: { 200: Bank131FormResponseSchema, ...problemResponses(400, 404, 429) },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { PublicId, Locale } = request.query;
        return loadBank131Form(ctx, bank, request.params.Token, PublicId, Locale ?? 'en');
      },
    });
    app.post('/bank131/form/:Token', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: "The player's Pay (card token from the bank widget, or the saved card) or Cancel (POST {token})",
        description: [
          'Pay starts the bank session payment; the bank decides and notifies fxid, whose notification alone moves',
          'the order (the form then shows Paid or Declined). Pay without CardToken uses the saved Card (400',
          'validation_failed when there is none). 404 not_found for an unknown pair; 409 conflict once started.',
        ].join(' '),
        params: Bank131FormParamsSchema,
        body: Bank131PayRequestSchema,
        response: { 200: Bank131PayResponseSchema, ...problemResponses(400, 404, 409, 429) },
      },
      handler: async (request) => {
        const result = await payBank131Form(bank, request.params.Token, request.body);
        request.log.info({ order: request.body.PublicId, choice: request.body.Choice }, 'bank131 form choice');
        return result;
      },
    });
    app.post('/bank131/pay_with_sbp', {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'Pays the form by SBP: starts it once and gives the QR (https://qr.nspk.ru/…) once issued',
        description: [
          'Anonymous, with the form Token and PublicId. Qr is null until the bank has issued it: ask again each',
          'second. 400 validation_failed for an order not in roubles; 409 conflict when a card payment was started.',
        ].join(' '),
        body: Bank131SbpRequestSchema,
        response: { 200: Bank131SbpResponseSchema, ...problemResponses(400, 404, 409, 429) },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return payBank131WithSbp(bank, request.body.Token, request.body.PublicId);
      },
    });
  };
}
