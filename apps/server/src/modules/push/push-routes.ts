import { PushTokenSaveRequestSchema, PushTokenSaveResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { savePushToken } from './push-service.js';

/** Web Push subscriptions of signed-in players. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/push_tokens/save', {
      config: { auth: 'bearer', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['push'],
        summary: "Saves the browser's Web Push subscription for the signed-in player",
        body: PushTokenSaveRequestSchema,
        response: { 200: PushTokenSaveResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => savePushToken(ctx, accountOf(request), request.body),
    });
  };
}
