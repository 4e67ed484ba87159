import {
  DocumentsListRequestSchema,
  DocumentsListResponseSchema,
  FaqRequestSchema,
  FaqResponseSchema,
  NewsRequestSchema,
  NewsResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { problemResponses } from '../../http/responses.js';
import { getDocumentsWithVersions, getFaq, getNews } from './content-service.js';

/** Portal content: news, the FAQ and legal documents. Anonymous. */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/info/news', {
      schema: {
        tags: ['content'],
        summary: 'News of the portal or of one game, newest first',
        body: NewsRequestSchema,
        response: { 200: NewsResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request) => ({
        News: await getNews(ctx, { game: request.body.GameSystemName, locale: request.body.Locale }),
      }),
    });

    app.post('/info/faq', {
      schema: {
        tags: ['content'],
        summary: "The company's frequently asked questions, in one language",
        description: '404 not_found while the catalog gives no FAQ.',
        body: FaqRequestSchema,
        response: { 200: FaqResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request) => getFaq(ctx, request.body.Locale),
    });

    app.post('/games/documents/list-with-versions', {
      schema: {
        tags: ['content'],
        summary: "A game's legal documents with all their versions",
        body: DocumentsListRequestSchema,
        response: { 200: DocumentsListResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request) => ({
        Documents: await getDocumentsWithVersions(ctx, {
          game: request.body.GameSystemName,
          locale: request.body.Locale,
        }),
      }),
    });
  };
}
