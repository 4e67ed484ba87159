import {
  CheckBuyProductsRequestSchema,
  CheckBuyProductsResponseSchema,
  ConsumePurchaseRequestSchema,
  ConsumePurchaseResponseSchema,
  CreatePaymentRequestSchema,
  CreatePaymentResponseSchema,
  OptimisticOrderStatusRequestSchema,
  OptimisticOrderStatusResponseSchema,
  PaymentStatusRequestSchema,
  PaymentStatusResponseSchema,
  StoreAvailabilityResponseSchema,
  StoreDataResponseSchema,
  StoreFrontRequestSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf, optionalAccountOf } from '../../http/authenticate.js';
import { createCatalogReplies, PRIVATE_CACHE_CONTROL } from '../../http/catalog-reply.js';
import { presentedJson, problemResponses } from '../../http/responses.js';
import * as orders from './orders-service.js';
import { consumePurchase } from './ownership-service.js';
import { storeAvailability, storeData } from './store-front-service.js';

/** The store (spec store §7): store front, checkout creation, status polls and the client's hints. */
export function storeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const fromCatalog = createCatalogReplies(ctx.catalog);

    app.post('/store/store_availability', {
      schema: {
        tags: ['store'],
        summary: 'Whether the player can buy in a game on a platform',
        body: StoreFrontRequestSchema,
        response: { 200: StoreAvailabilityResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request, reply) => {
        const { Game: game, WebPublishingPlatform: platform } = request.body;
        // Only the game, the platform and the products sold there (catalog) decide the answer.
        return fromCatalog(request, reply, [game, platform], () =>
          storeAvailability(ctx, { Game: game, WebPublishingPlatform: platform }),
        );
      },
    });

    app.post('/store/store_data', {
      config: { auth: 'lenient' },
      schema: {
        tags: ['store'],
        summary: "A game's store front with prices formatted for the locale",
        description:
          'Anonymous; with a bearer token each product also says whether the player owns it (Owned). An unknown token counts as a guest.',
        body: StoreFrontRequestSchema,
        response: { 200: StoreDataResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request, reply) => {
        // A CDN must not answer a signed-in player with the anonymous store front, nor anyone with a player's.
        reply.header('vary', 'authorization');
        const accountId = optionalAccountOf(request);
        if (accountId) {
          reply.header('cache-control', PRIVATE_CACHE_CONTROL);
          return storeData(ctx, request.body, accountId);
        }
        const { Game: game, WebPublishingPlatform: platform, Locale: locale } = request.body;
        return fromCatalog(request, reply, [game, platform, locale], () =>
          storeData(ctx, { Game: game, WebPublishingPlatform: platform, Locale: locale }),
        );
      },
    });

    app.post('/store/create_payment', {
      config: { auth: 'bearer', rateLimit: { max: 60, timeWindow: '1 minute' } },
      // Every purchase starts here; re-checking its large answer with zod cost about a tenth of the call.
      ...presentedJson,
      schema: {
        tags: ['store'],
        summary: 'Creates an order for a catalog product and opens the checkout',
        description:
          'Price, currency and quantity come from the catalog; the request cannot set them. A one-time product (NonConsumable) the player owns answers 409 product_already_owned; while another checkout of it is open, 409 purchase_in_progress (of concurrent attempts exactly one succeeds).',
        body: CreatePaymentRequestSchema,
        response: { 200: CreatePaymentResponseSchema, ...problemResponses(400, 401, 404, 409, 429, 503) },
      },
      handler: async (request) => orders.createPayment(ctx, accountOf(request), request.body),
    });

    app.post('/store/get_payment_status', {
      config: { auth: 'bearer' },
      // Polled until the order is paid: the most frequent answer of a purchase.
      ...presentedJson,
      schema: {
        tags: ['store'],
        summary: "An order's status; the portal polls it until the checkout is Payed",
        description: "Only the order's owner sees it; anyone else's order id answers 404.",
        body: PaymentStatusRequestSchema,
        response: { 200: PaymentStatusResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) =>
        orders.getPaymentStatus(ctx, accountOf(request), request.body.Game, request.body.TransactionId),
    });

    app.post('/store/set-optimistic-order-status', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['store'],
        summary: "The portal's view of how a checkout ended; never marks an order paid",
        body: OptimisticOrderStatusRequestSchema,
        response: { 200: OptimisticOrderStatusResponseSchema, ...problemResponses(400, 401, 404, 409) },
      },
      handler: async (request) =>
        orders.setOptimisticStatus(ctx, accountOf(request), request.body.PublicOrderId, request.body.Status),
    });

    app.post('/store/check-buy-products', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['store'],
        summary: "Which of a game's products the player has bought, and the purchases the game has yet to collect",
        description:
          "Purchases lists the paid orders the game has not consumed (the SDK's getPurchases); Owned marks one-time products that cannot be bought again.",
        body: CheckBuyProductsRequestSchema,
        response: { 200: CheckBuyProductsResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) =>
        orders.checkBuyProducts(ctx, accountOf(request), request.body.Game, request.body.Skus),
    });

    app.post('/store/consume-purchase', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['store'],
        summary: 'The game took a purchase: it is never listed in Purchases again',
        description:
          "Exactly once: a second (or concurrent) consume answers 409 purchase_already_consumed. Another player's or game's order answers 404; an unpaid one 409 conflict.",
        body: ConsumePurchaseRequestSchema,
        response: { 200: ConsumePurchaseResponseSchema, ...problemResponses(400, 401, 404, 409) },
      },
      handler: async (request) =>
        consumePurchase(ctx, accountOf(request), request.body.Game, request.body.TransactionId),
    });
  };
}
