import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { pendingMigrations } from '../../db/migrate.js';
import { ServiceUnavailableError } from '../../errors.js';
import { problemResponses } from '../../http/responses.js';

const HealthSchema = z.object({ Status: z.literal('ok') }).meta({ id: 'Health' });
const ReadinessSchema = z
  .object({ Status: z.literal('ok'), Database: z.enum(['sqlite', 'postgres']) })
  .meta({ id: 'Readiness' });

/**
 * Liveness (the process answers) and readiness: the database answers with every migration this
 * build needs applied (an instance starts listening only after migrating, so while one runs its
 * port is closed), and Redis answers when instances share it. A closing instance answers 503.
 */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', {
      schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthSchema } },
      handler: async () => ({ Status: 'ok' as const }),
    });

    app.get('/readyz', {
      schema: {
        tags: ['health'],
        summary: 'The server can serve requests: its database (migrated) and Redis, if any, answer',
        response: { 200: ReadinessSchema, ...problemResponses(503) },
      },
      handler: async (request) => {
        let pending: string[];
        try {
          await sql`select 1`.execute(ctx.db);
          pending = await pendingMigrations(ctx.db);
        } catch (error) {
          request.log.error({ err: error }, 'database not reachable');
          throw new ServiceUnavailableError('The database');
        }
        if (pending.length > 0) {
          request.log.warn({ pending }, 'database migrations pending');
          throw new ServiceUnavailableError('The database');
        }
        try {
          await ctx.cluster.ping();
        } catch (error) {
          request.log.error({ err: error }, 'Redis not reachable');
          throw new ServiceUnavailableError('Redis');
        }
        return { Status: 'ok' as const, Database: ctx.engine };
      },
    });
  };
}
