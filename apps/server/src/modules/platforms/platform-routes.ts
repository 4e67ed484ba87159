import {
  AuthenticateFromSocialRequestSchema,
  AuthenticateFromSocialResponseSchema,
  PlatformPaymentRequestSchema,
  PlatformPaymentResponseSchema,
  PlatformPurchaseRequestSchema,
  PlatformPurchaseResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { geoCountry } from '../../http/geo-country.js';
import { problemResponses } from '../../http/responses.js';
import { createPlatformPayment, platformOrderPurchase } from './platform-purchases.js';
import { authenticateFromSocial } from './platform-sign-in.js';
import { SERVER_PLATFORMS } from './registry.js';

/** Sign-in from any registered host platform, and each platform's own callback routes. */
export function platformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/authenticate_from_social', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Signs in with a host platform's signed payload (VK launch parameters, …)",
        description:
          'The login block of the platform named by Social is verified on the server (for VK: the launch ' +
          'parameters sign, app id and vk_ts window, security.md §1a). The first sign-in makes the account and ' +
          'its platform identity; later ones return the same account. Answers a bearer session like email sign-in.',
        body: AuthenticateFromSocialRequestSchema,
        response: { 200: AuthenticateFromSocialResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => authenticateFromSocial(ctx, request.body, geoCountry(ctx.config, request.headers)),
    });

    app.post('/platforms/payment', {
      config: { auth: 'bearer', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['platforms'],
        summary:
          "Opens a host platform's own payment of a product (Telegram: a Stars invoice link; Odnoklassniki: showPayment's arguments)",
        description:
          'For platforms whose payment our server starts: Telegram answers a Stars invoice link (Telegram.InvoiceUrl, price from the ' +
          "catalog's PlatformPrices.telegram) made for the player's Telegram user, and OrderId, which POST /platforms/purchase finds " +
          "once Telegram's successful_payment reached the bot webhook. Odnoklassniki answers FAPI.UI.showPayment's arguments " +
          '(Odnoklassniki block: name, description, code = sku, price in OKs from PlatformPrices.ok, ExtraAttributes with a fresh ' +
          "OrderId), which POST /platforms/purchase finds once OK's signed callbacks.payment was taken. 400 platform_not_supported for a platform without one; " +
          '403 forbidden when the account has no identity on the platform; 404 for a product not sold there; 409 ' +
          'product_already_owned / purchase_in_progress for a one-time product; 503 when the platform does not answer.',
        body: PlatformPaymentRequestSchema,
        response: { 200: PlatformPaymentResponseSchema, ...problemResponses(400, 401, 403, 404, 409, 503) },
      },
      handler: async (request) => createPlatformPayment(ctx, accountOf(request), request.body, request.log),
    });

    app.post('/platforms/purchase', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['platforms'],
        summary: "The purchase a host platform's own order made for the player (VK: VKWebAppShowOrderBox's order_id)",
        description:
          "Exact where matching by sku is not: two quick purchases of one product each find their own order. Purchase is null until the platform's signed payment callback was taken (poll), and for an order that is another player's, consumed or refunded. A platform the server does not verify answers 400 platform_not_supported; an unknown game 404 game_not_found.",
        body: PlatformPurchaseRequestSchema,
        response: { 200: PlatformPurchaseResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => ({
        Purchase: (await platformOrderPurchase(ctx, accountOf(request), request.body)) ?? null,
      }),
    });

    for (const platform of Object.values(SERVER_PLATFORMS)) {
      // Each in a scope of its own: callbacks parse their bodies their own way (form, raw bytes).
      if (platform.callbackRoutes) await app.register(platform.callbackRoutes(ctx));
    }
  };
}
