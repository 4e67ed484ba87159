import {
  StorageDeleteRequestSchema,
  StorageDeleteResponseSchema,
  StorageGetRequestSchema,
  StorageGetResponseSchema,
  StorageSetRequestSchema,
  StorageSetResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { perPlayer } from '../../http/rate-limits.js';
import { problemResponses } from '../../http/responses.js';
import { deleteItems, getItems, setItems } from './storage-service.js';

/** Cloud saves: small JSON values per player, game and key, with a version per key. */
export function storageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/storage/get', {
      config: { ...perPlayer(120), auth: 'bearer' },
      schema: {
        tags: ['storage'],
        summary: "The player's saved values in a game, with their versions",
        body: StorageGetRequestSchema,
        response: { 200: StorageGetResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => getItems(ctx, accountOf(request), request.body),
    });

    app.post('/storage/set', {
      config: { ...perPlayer(60), auth: 'bearer' },
      schema: {
        tags: ['storage'],
        summary: 'Saves values for the player in a game: all of them or none',
        description:
          'Each key has a version, 1 when first written and one more with every write. An item with ' +
          'ExpectedVersion is written only if the key is still at that version (0: still absent); if any ' +
          'is not, nothing is written and the answer is 409 storage_version_conflict whose Current holds ' +
          'each such key’s value and version. Without ExpectedVersion the write is unconditional. ' +
          'A value over 16 KiB of UTF-8 JSON: 413 storage_value_too_large; more than 256 KiB of keys ' +
          'and values in the game after the write: 409 storage_quota_exceeded.',
        body: StorageSetRequestSchema,
        response: { 200: StorageSetResponseSchema, ...problemResponses(400, 401, 404, 409, 413, 429) },
      },
      handler: async (request) => setItems(ctx, accountOf(request), request.body),
    });

    app.post('/storage/delete', {
      config: { ...perPlayer(60), auth: 'bearer' },
      schema: {
        tags: ['storage'],
        summary: 'Deletes saved values of the player in a game; keys without one are ignored',
        body: StorageDeleteRequestSchema,
        response: { 200: StorageDeleteResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => deleteItems(ctx, accountOf(request), request.body.Game, request.body.Keys),
    });
  };
}
