import { AuthenticateFromVkOpenApiRequestSchema, AuthenticateFromVkOpenApiResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { geoCountry } from '../../../http/geo-country.js';
import { problemResponses } from '../../../http/responses.js';
import { authenticateFromVkOpenApi } from './vk-openapi-sign-in.js';

/** Sign-in on a site with VK's Open API session (openapi.js). */
export function vkOpenApiRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/authenticate_from_vkontaktecom_openapi', {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: "Signs in with a VK Open API session (openapi.js's VK.Auth session or its vk_app_{appId} cookie)",
        description:
          'The session (`expire`, `mid`, `secret`, `sid`, `sig`) must carry `sig` = md5("expire=…mid=…secret=…sid=…" + ' +
          "the secure key of the game's VK app) and not be expired. A forged or another app's session: 401 " +
          '`platform_sign_invalid`; an expired one: 401 `platform_payload_expired`; no session: ' +
          "'VK payload is required for VK login'. The VK user signs in as a `VkontakteCom` identity.",
        body: AuthenticateFromVkOpenApiRequestSchema,
        response: { 200: AuthenticateFromVkOpenApiResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => authenticateFromVkOpenApi(ctx, request.body, geoCountry(ctx.config, request.headers)),
    });
  };
}
