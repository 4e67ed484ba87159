import {
  DocumentAcceptRequestSchema,
  DocumentsAcceptedRequestSchema,
  DocumentsAcceptedResponseSchema,
  GameDocumentAccountAcceptSchema,
  GameDocumentParamsSchema,
  GameDocumentQuerySchema,
  LatestUnacceptedDocumentsRequestSchema,
  LatestUnacceptedDocumentsResponseSchema,
  LegalDocumentSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import * as documents from './documents-service.js';

/** The signed-in player's side of legal documents: what was accepted, accepting, what is still due. */
export function documentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/games/documents/accepted', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['documents'],
        summary: 'The document versions the signed-in player has accepted',
        body: DocumentsAcceptedRequestSchema,
        response: { 200: DocumentsAcceptedResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => ({
        GameDocumentAccountAccepts: await documents.listAccepted(ctx, accountOf(request), request.body.GameSystemName),
      }),
    });

    app.post('/games/documents/accept', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['documents'],
        summary: 'Accepts the latest version of a document; accepting again answers the first acceptance',
        body: DocumentAcceptRequestSchema,
        response: { 200: GameDocumentAccountAcceptSchema, ...problemResponses(400, 401, 404, 409) },
      },
      handler: async (request) => documents.acceptDocument(ctx, accountOf(request), request.body),
    });

    app.post('/games/documents/list-latest-unaccepted-documents', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['documents'],
        summary: "A game's documents whose latest version the player must still accept",
        body: LatestUnacceptedDocumentsRequestSchema,
        response: { 200: LatestUnacceptedDocumentsResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => ({
        Documents: await documents.listLatestUnaccepted(ctx, accountOf(request), {
          game: request.body.GameSystemName,
          locale: request.body.Locale,
        }),
      }),
    });

    app.get('/games/:Game/documents/:Id', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['documents'],
        summary: "One document of a game with every version and the player's acceptances",
        params: GameDocumentParamsSchema,
        querystring: GameDocumentQuerySchema,
        response: { 200: LegalDocumentSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) =>
        documents.getDocument(ctx, accountOf(request), {
          game: request.params.Game,
          id: request.params.Id,
          locale: request.query.Locale,
        }),
    });
  };
}
