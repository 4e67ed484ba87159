import { SupportMessageRequestSchema, SupportMessageResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { perPlayer } from '../../http/rate-limits.js';
import { problemResponses } from '../../http/responses.js';
import { sendSupportMessage } from './support-service.js';

/** The report-issue form's endpoint. */
export function supportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/support/send-message', {
      // Every message becomes an email: a low limit keeps the support inbox from being flooded.
      config: { auth: 'bearer', ...perPlayer(10, '10 minutes') },
      schema: {
        tags: ['support'],
        summary: "Stores a player's message and mails it to the game's support address",
        body: SupportMessageRequestSchema,
        response: { 200: SupportMessageResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => sendSupportMessage(ctx, accountOf(request), request.body),
    });
  };
}
