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
import { createCatalogReplies } from '../../http/catalog-reply.js';
import { problemResponses } from '../../http/responses.js';
import { getDocumentsWithVersions, getFaq, getNews } from './content-service.js';

/** Portal content: news, the FAQ and legal documents. Anonymous; written only by catalog imports, so sent from memory. */
export function contentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const fromCatalog = createCatalogReplies(ctx.catalog);

    app.post('/info/news', {
      schema: {
        tags: ['content'],
        summary: 'News of the portal or of one game, newest first',
        body: NewsRequestSchema,
        response: { 200: NewsResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request, reply) => {
        const { GameSystemName: game, Locale: locale } = request.body;
        return fromCatalog(request, reply, [game, locale], async () => ({
          News: await getNews(ctx, { game, locale }),
        }));
      },
    });

    app.post('/info/faq', {
      schema: {
        tags: ['content'],
        summary: "The company's frequently asked questions, in one language",
        description: '404 not_found while the catalog gives no FAQ.',
        body: FaqRequestSchema,
        response: { 200: FaqResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request, reply) =>
        fromCatalog(request, reply, [request.body.Locale], () => getFaq(ctx, request.body.Locale)),
    });

    app.post('/games/documents/list-with-versions', {
      schema: {
        tags: ['content'],
        summary: "A game's legal documents with all their versions",
        body: DocumentsListRequestSchema,
        response: { 200: DocumentsListResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request, reply) => {
        const { GameSystemName: game, Locale: locale } = request.body;
        return fromCatalog(request, reply, [game, locale], async () => ({
          Documents: await getDocumentsWithVersions(ctx, { game, locale }),
        }));
      },
    });
  };
}
