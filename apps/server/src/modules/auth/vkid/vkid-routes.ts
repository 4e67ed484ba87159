import {
  AuthenticateToFxidRequestSchema,
  AuthenticateToFxidResponseSchema,
  VkIdStartRequestSchema,
  VkIdStartResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { optionalAccountOf } from '../../../http/authenticate.js';
import { geoCountry } from '../../../http/geo-country.js';
import { problemResponses } from '../../../http/responses.js';
import { VKID_REDIRECT_PATH } from './vkid-config.js';
import { authenticateToFxid, startVkIdSignIn } from './vkid-sign-in.js';

/** The portal page that finishes a VK ID sign-in VK ID redirected back to (it holds the verifier). */
export const VKID_PORTAL_CALLBACK = 'LoginVkId';

/** What VK ID appends to the redirect URL; only these travel on to the portal. */
const CALLBACK_KEYS = ['code', 'state', 'device_id', 'expires_in', 'type', 'error', 'error_description'] as const;

/** VK ID sign-in (OAuth 2.1 + PKCE, security.md §1b): start, VK ID's redirect, and the code exchange. */
export function vkIdRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/vkid/start', {
      config: { auth: 'optional', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Starts a VK ID sign-in: a one-time state bound to this browser and its PKCE challenge',
        description:
          'The browser keeps a code verifier of 32 random bytes and a nonce, and sends the S256 challenge and the ' +
          'nonce. With a bearer token the sign-in adds VK ID to that account instead. Refused with ' +
          "`platform_not_supported` ('Login provider vkid is not supported.') when the company does not allow VK ID " +
          'or names no VK ID app.',
        body: VkIdStartRequestSchema,
        response: { 200: VkIdStartResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) => startVkIdSignIn(ctx, request.body, optionalAccountOf(request)),
    });

    app.get(VKID_REDIRECT_PATH.replace('/api/v1', ''), {
      schema: {
        tags: ['auth'],
        summary: "VK ID's redirect back (the app's trusted redirect URL): passes its answer on to the portal",
        description:
          'The code is exchanged by the portal page, which holds the PKCE verifier: this only forwards `code`, ' +
          '`state`, `device_id` (or `error`) to `/LoginVkId`.',
        querystring: z.looseObject({}),
        response: { 302: z.null().describe('To the portal page that finishes the sign-in') },
      },
      handler: async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const forward = new URLSearchParams();
        for (const key of CALLBACK_KEYS) {
          const value = query[key];
          if (typeof value === 'string' && value.length <= 2048) forward.set(key, value);
        }
        return reply.redirect(`${ctx.config.portal.routerBasePath}${VKID_PORTAL_CALLBACK}?${forward}`, 302);
      },
    });

    app.post(VKID_REDIRECT_PATH.replace('/api/v1', ''), {
      config: { auth: 'optional', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with VK ID (AuthenticationType VkId): exchanges the code with VK ID',
        description:
          'VkIdLogin carries what VK ID returned (Code, DeviceId, State) and what the browser kept (CodeVerifier, ' +
          'BrowserNonce). The state is spent once, by the browser that started it, within 10 minutes; the verifier ' +
          'must match its challenge; VK ID refuses a replayed, expired or forged code. Without VkIdLogin: ' +
          "'VK payload is required for VK login'; another AuthenticationType: 'Login provider {x} is not supported.'. " +
          'With the bearer token of the account that started it, VK ID is added to that account (409 ' +
          '`identity_taken` when another account holds it).',
        body: AuthenticateToFxidRequestSchema,
        response: { 200: AuthenticateToFxidResponseSchema, ...problemResponses(400, 401, 404, 409, 429, 503) },
      },
      handler: async (request) =>
        authenticateToFxid(ctx, request.body, request.session ?? undefined, geoCountry(ctx.config, request.headers)),
    });
  };
}
