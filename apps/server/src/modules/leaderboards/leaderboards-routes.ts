import {
  LeaderboardAroundRequestSchema,
  LeaderboardPageSchema,
  LeaderboardPlayerRequestSchema,
  LeaderboardSubmitRequestSchema,
  LeaderboardSubmitResponseSchema,
  LeaderboardTopRequestSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf, optionalAccountOf } from '../../http/authenticate.js';
import { perPlayer } from '../../http/rate-limits.js';
import { problemResponses } from '../../http/responses.js';
import { aroundPlayer, playerScore, submitScore, topScores } from './leaderboards-service.js';

/** Submissions a player may make per minute, over all boards (a game submits at the end of a round). */
export const SUBMITS_PER_MINUTE = 20;

/** Leaderboards of the catalog: each player's best per board and period, ranked by the database. */
export function leaderboardsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const page = { 200: LeaderboardPageSchema, ...problemResponses(400, 401, 404, 429) };
  return async (app) => {
    app.post('/leaderboards/submit', {
      config: { ...perPlayer(SUBMITS_PER_MINUTE, '1 minute', 'leaderboards:'), auth: 'bearer' },
      schema: {
        tags: ['leaderboards'],
        summary: "Submits the player's score; the board keeps their best of the period",
        description:
          'Higher scores win on a Desc board, lower ones on an Asc board. A score outside the ' +
          "board's MinScore–MaxScore: 400 leaderboard_score_out_of_range. At most 20 submissions " +
          'per player per minute (429 rate_limited).',
        body: LeaderboardSubmitRequestSchema,
        response: { 200: LeaderboardSubmitResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => submitScore(ctx, accountOf(request), request.body),
    });

    app.post('/leaderboards/top', {
      config: { ...perPlayer(60, '1 minute', 'leaderboards:'), auth: 'optional' },
      schema: {
        tags: ['leaderboards'],
        summary: 'The best scores of a board (at most 100), and the signed-in player’s own',
        body: LeaderboardTopRequestSchema,
        response: page,
      },
      handler: async (request) => topScores(ctx, optionalAccountOf(request), request.body),
    });

    app.post('/leaderboards/around', {
      config: { ...perPlayer(60, '1 minute', 'leaderboards:'), auth: 'bearer' },
      schema: {
        tags: ['leaderboards'],
        summary: 'Scores around the player’s (at most 100 rows); the top when they have none this period',
        body: LeaderboardAroundRequestSchema,
        response: page,
      },
      handler: async (request) => aroundPlayer(ctx, accountOf(request), request.body),
    });

    app.post('/leaderboards/player', {
      config: { ...perPlayer(60, '1 minute', 'leaderboards:'), auth: 'bearer' },
      schema: {
        tags: ['leaderboards'],
        summary: "The player's best score of the period and its rank (Player null without one)",
        body: LeaderboardPlayerRequestSchema,
        response: page,
      },
      handler: async (request) => playerScore(ctx, accountOf(request), request.body),
    });
  };
}
