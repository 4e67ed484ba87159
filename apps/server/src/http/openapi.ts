import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Version of the HTTP API; changes when the contract changes. */
export const API_VERSION = '1.0.0';

/**
 * OpenAPI 3.1 from the routes' zod schemas, with every schema that has an `id`
 * in zod's registry as a named component. Must be registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'fxid API',
        version: API_VERSION,
        description:
          'Identity, catalog, store and game-launch API of the fxid portal. Errors are RFC 9457 problem details with a stable ErrorCode.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

/** The document at /api/v1/openapi.json and a browsable reference at /api/docs (assets bundled, works offline). */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { url: '/api/v1/openapi.json', deepLinking: true },
    staticCSP: false,
  });
}
