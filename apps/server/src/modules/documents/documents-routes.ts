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
import { problemResponses } from '../../http/responses.js';
import { requireAccount } from '../auth/authenticate.js';
import * as documents from './documents-service.js';

const bearer = [{ bearer: [] }];

/** The signed-in player's side of legal documents: what was accepted, accepting, what is still due. */
export function documentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/games/documents/accepted', {
      schema: {
        tags: ['documents'],
        summary: 'The document versions the signed-in player has accepted',
        security: bearer,
        body: DocumentsAcceptedRequestSchema,
        response: { 200: DocumentsAcceptedResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => ({
        GameDocumentAccountAccepts: await documents.listAccepted(
          ctx,
          await requireAccount(request, ctx.sessions),
          request.body.GameSystemName,
        ),
      }),
    });

    app.post('/games/documents/accept', {
      schema: {
        tags: ['documents'],
        summary: 'Accepts the latest version of a document; accepting again answers the first acceptance',
        security: bearer,
        body: DocumentAcceptRequestSchema,
        response: { 200: GameDocumentAccountAcceptSchema, ...problemResponses(400, 401, 404, 409) },
      },
      handler: async (request) =>
        documents.acceptDocument(ctx, await requireAccount(request, ctx.sessions), request.body),
    });

    app.post('/games/documents/list-latest-unaccepted-documents', {
      schema: {
        tags: ['documents'],
        summary: "A game's documents whose latest version the player must still accept",
        security: bearer,
        body: LatestUnacceptedDocumentsRequestSchema,
        response: { 200: LatestUnacceptedDocumentsResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => ({
        Documents: await documents.listLatestUnaccepted(ctx, await requireAccount(request, ctx.sessions), {
          game: request.body.GameSystemName,
          locale: request.body.Locale,
        }),
      }),
    });

    app.get('/games/:Game/documents/:Id', {
      schema: {
        tags: ['documents'],
        summary: "One document of a game with every version and the player's acceptances",
        security: bearer,
        params: GameDocumentParamsSchema,
        querystring: GameDocumentQuerySchema,
        response: { 200: LegalDocumentSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) =>
        documents.getDocument(ctx, await requireAccount(request, ctx.sessions), {
          game: request.params.Game,
          id: request.params.Id,
          locale: request.query.Locale,
        }),
    });
  };
}
