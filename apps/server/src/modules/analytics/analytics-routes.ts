import { AnalyticsTrackRequestSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { optionalAccountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { trackEvents } from './analytics-service.js';

/** The portal's analytics events; anonymous, attributed to the account when a valid bearer token comes along. */
export function analyticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/analytics/track', {
      config: { auth: 'lenient', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['analytics'],
        summary: "Stores a batch of the portal's analytics events",
        body: AnalyticsTrackRequestSchema,
        response: { 204: z.null().describe('Stored'), ...problemResponses(400, 413, 429) },
      },
      handler: async (request, reply) => {
        // Lenient: an expired token must not lose the events; they are kept, unattributed.
        await trackEvents(ctx, optionalAccountOf(request), request.body);
        return reply.code(204).send(null);
      },
    });
  };
}
