import {
  GameSystemNameSchema,
  NativeInAppValidateRequestSchema,
  NativeInAppValidateResponseSchema,
  NativeStatusQuerySchema,
  NativeStatusResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { optionalAccountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { validateNativePurchase } from './native-inapp-service.js';
import { nativeStatus } from './native-status.js';

/** The native wrapper's store calls (spec store §6: anonymous; §7). */
export function nativeInAppRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/native/inapp/validate/:Game', {
      config: { auth: 'optional', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'Validates a Google Play or App Store purchase with the store and delivers it once',
        description:
          'Google Play: purchases.products.get with the service account, then acknowledge. App Store: GET ' +
          '/inApps/v1/transactions/{id}, its signedTransactionInfo verified to the pinned root. The purchase must ' +
          'be bound to the fxid account id (Play obfuscatedAccountId, StoreKit appAccountToken); a bearer token, if ' +
          'sent, must be that account. Refusals: native_receipt_invalid (unknown or forged), native_receipt_foreign ' +
          "(another app's), native_receipt_refunded, native_receipt_pending, native_receipt_replayed (already " +
          'delivered), native_receipt_unbound, platform_product_unknown, platform_not_configured.',
        params: z.object({ Game: GameSystemNameSchema }),
        body: NativeInAppValidateRequestSchema,
        response: { 200: NativeInAppValidateResponseSchema, ...problemResponses(400, 401, 404, 409, 429, 503) },
      },
      handler: async (request) =>
        validateNativePurchase(ctx, optionalAccountOf(request), request.params.Game, request.body, request.log),
    });

    app.get('/native/status', {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: "Whether this server validates the game's native purchases, and whether the wrapper's token is live",
        querystring: NativeStatusQuerySchema,
        response: { 200: NativeStatusResponseSchema, ...problemResponses(400, 404, 429) },
      },
      handler: async (request) => nativeStatus(ctx, request.query),
    });
  };
}
