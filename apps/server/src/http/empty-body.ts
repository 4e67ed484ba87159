import type { FastifyInstance } from 'fastify';

/**
 * A request without a body is validated as `{}`: a body whose fields are all
 * optional may be left out, and a missing required field is named in the error
 * ("body.Email: required") instead of "expected object".
 */
export function registerEmptyBodyAsObject(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if ((request.body === null || request.body === undefined) && request.routeOptions.schema?.body) {
      request.body = {};
    }
  });
}
