import { AuthenticateFromSocialRequestSchema, AuthenticateFromSocialResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { geoCountry } from '../../http/geo-country.js';
import { problemResponses } from '../../http/responses.js';
import { authenticateFromSocial } from './platform-sign-in.js';
import { SERVER_PLATFORMS } from './registry.js';

/** Sign-in from any registered host platform, and each platform's own callback routes. */
export function platformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/authenticate_from_social', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Signs in with a host platform's signed payload (VK launch parameters, …)",
        description:
          'The login block of the platform named by Social is verified on the server (for VK: the launch ' +
          'parameters sign, app id and vk_ts window, security.md §1a). The first sign-in makes the account and ' +
          'its platform identity; later ones return the same account. Answers a bearer session like email sign-in.',
        body: AuthenticateFromSocialRequestSchema,
        response: { 200: AuthenticateFromSocialResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => authenticateFromSocial(ctx, request.body, geoCountry(ctx.config, request.headers)),
    });

    for (const platform of Object.values(SERVER_PLATFORMS)) {
      // Each in a scope of its own: callbacks parse their bodies their own way (form, raw bytes).
      if (platform.callbackRoutes) await app.register(platform.callbackRoutes(ctx));
    }
  };
}
