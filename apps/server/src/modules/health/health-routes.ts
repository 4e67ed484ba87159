import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ServiceUnavailableError } from '../../errors.js';
import { problemResponses } from '../../http/responses.js';

const HealthSchema = z.object({ Status: z.literal('ok') }).meta({ id: 'Health' });
const ReadinessSchema = z
  .object({ Status: z.literal('ok'), Database: z.enum(['sqlite', 'postgres']) })
  .meta({ id: 'Readiness' });

/** Liveness (the process answers) and readiness (the database answers too). */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthSchema } },
      handler: async () => ({ Status: 'ok' as const }),
    });

    app.get('/readyz', {
      schema: {
        tags: ['health'],
        summary: 'The server can serve requests: its database answers',
        response: { 200: ReadinessSchema, ...problemResponses(503) },
      },
      handler: async (request) => {
        try {
          await sql`select 1`.execute(ctx.db);
        } catch (error) {
          request.log.error({ err: error }, 'database not reachable');
          throw new ServiceUnavailableError('The database');
        }
        return { Status: 'ok' as const, Database: ctx.engine };
      },
    });
  };
}
