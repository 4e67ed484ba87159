import { AghanimPaymentStatusQuerySchema, AghanimPaymentStatusResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../../context.js';
import { NotFoundError } from '../../../../errors.js';
import { problemResponses } from '../../../../http/responses.js';
import { checkoutStatus } from '../../order-state-machine.js';
import { orderStatusOf } from '../../orders-presenter.js';
import { findOrderByPublicId } from '../../orders-repository.js';
import { providerNameOf } from '../provider-key.js';

/**
 * GET /store/aghanim/payment/status (spec store §7), polled every second while the player pays in
 * Aghanim's tab. Anonymous, as the spec says: the unguessable order id is the only key, and the
 * answer is only our order's checkout status, set by Aghanim's signed webhooks (never by the client).
 */
export function aghanimStatusRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/store/aghanim/payment/status', {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: "An Aghanim order's checkout status",
        description:
          "Payed once Aghanim's signed order.paid webhook was taken, Cancelled once the order ended unpaid, Created while it waits. 404 not_found for an unknown order or one not paid with Aghanim.",
        querystring: AghanimPaymentStatusQuerySchema,
        response: { 200: AghanimPaymentStatusResponseSchema, ...problemResponses(400, 404, 429) },
      },
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const order = await findOrderByPublicId(ctx.db, request.query.PublicOrderId);
        if (!order || providerNameOf(order.provider) !== 'aghanim') throw new NotFoundError('Order');
        return { PublicOrderId: order.public_id, Status: checkoutStatus(orderStatusOf(order)) };
      },
    });
  };
}
