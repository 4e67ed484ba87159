import {
  CrossPlayEventSendRequestSchema,
  CrossPlayEventSendResponseSchema,
  CrossPlayQuestsQuerySchema,
  CrossPlayQuestsResponseSchema,
  CrossPlayRulesQuerySchema,
  CrossPlayRulesResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { perPlayer } from '../../http/rate-limits.js';
import { problemResponses } from '../../http/responses.js';
import { getMyQuests, getRules, sendEvent } from './cross-play-service.js';

/** Cross-play: rules of in-game events, and quests that count them across games (spec §3, §5). */
export function crossPlayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/cross-play/events/rules', {
      config: { ...perPlayer(60), auth: 'bearer' },
      schema: {
        tags: ['cross-play'],
        summary: 'The in-game events of a game that count for cross-play, with their filters',
        querystring: CrossPlayRulesQuerySchema,
        response: { 200: CrossPlayRulesResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => {
        return getRules(ctx, request.query.Game);
      },
    });

    app.get('/cross-play/quests/my', {
      config: { ...perPlayer(60), auth: 'bearer' },
      schema: {
        tags: ['cross-play'],
        summary: "Quests open now or completed, with the signed-in player's progress",
        querystring: CrossPlayQuestsQuerySchema,
        response: { 200: CrossPlayQuestsResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => getMyQuests(ctx, accountOf(request), request.query),
    });

    app.post('/cross-play/events/send', {
      // Games send events as they happen; a generous limit still stops a loop from flooding.
      config: { ...perPlayer(120), auth: 'bearer' },
      schema: {
        tags: ['cross-play'],
        summary: 'Counts an in-game event towards the quests of the signed-in player',
        description:
          "The event must match one of its game's rules (Code, and Filter1–3 against P1–P3: empty matches " +
          'anything, /…/ is an RE2 regular expression, otherwise exact; a missing parameter fails a non-empty ' +
          'filter; an invalid expression never matches). An unmatched event answers Accepted false.',
        body: CrossPlayEventSendRequestSchema,
        response: { 200: CrossPlayEventSendResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => sendEvent(ctx, accountOf(request), request.body),
    });
  };
}
