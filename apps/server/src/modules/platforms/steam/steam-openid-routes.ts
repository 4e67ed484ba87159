import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { geoCountry } from '../../../http/geo-country.js';
import { problemResponses } from '../../../http/responses.js';
import { steamOpenIdReturn, steamOpenIdStart } from './steam-openid-sign-in.js';

/** Steam OpenID 2.0 sign-in on the web (the SteamOpenId auth adapter): two browser navigations. */
export function steamOpenIdRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/auth/steam/openid/start', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Sends the browser to Steam's OpenID sign-in",
        description:
          "302 to Steam's login (checkid_setup) returning to GET /auth/steam/openid/return; ReturnTo (a path on this " +
          'site, or an allowed origin, else 400 redirect_not_allowed) is where the portal goes once signed in.',
        querystring: z.object({ ReturnTo: z.string().max(2048).optional() }),
        response: { 302: z.null().describe('To Steam'), ...problemResponses(400, 429, 503) },
      },
      handler: async (request, reply) => reply.redirect(steamOpenIdStart(ctx, request.query.ReturnTo)),
    });

    app.get('/auth/steam/openid/return', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Steam's OpenID answer: checked, then the portal signs in",
        description:
          'Checks the assertion as platform-protocols.md §4c says (id_res, Steam as op_endpoint, claimed_id = identity = a ' +
          'SteamID64, the exact signed list, return_to ours, a nonce under 5 minutes old) and has Steam confirm it ' +
          "(check_authentication, is_valid:true); each assertion signs in once. Then 302 to the portal's " +
          'LoginWithTempToken page with a one-time token for a session of the account with that Steam identity (made on ' +
          'first sight). Refused: 401 platform_sign_invalid, 401 platform_payload_expired (used before), 503 when Steam ' +
          'does not answer.',
        // Read again from the raw URL (every openid.* field, a repeat refused): these are only its documentation.
        querystring: z.looseObject({
          'openid.mode': z.string().optional().describe('id_res for a positive assertion'),
          'openid.claimed_id': z.string().optional().describe('https://steamcommunity.com/openid/id/{SteamID64}'),
          'openid.sig': z.string().optional().describe("Steam's signature, checked by Steam (check_authentication)"),
        }),
        response: { 302: z.null().describe('To the portal'), ...problemResponses(400, 401, 429, 503) },
      },
      handler: async (request, reply) =>
        reply.redirect(
          await steamOpenIdReturn(ctx, request.url.split('?')[1] ?? '', geoCountry(ctx.config, request.headers)),
        ),
    });
  };
}
