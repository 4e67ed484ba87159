import {
  AccountSchema,
  AuthenticateFromEmailInviteRequestSchema,
  AuthenticateFromEmailInviteResponseSchema,
  AuthenticateFromFirebaseRequestSchema,
  AuthenticateFromFirebaseResponseSchema,
  AuthenticateFromTempTokenRequestSchema,
  AuthenticateFromTempTokenResponseSchema,
  CreateTempTokenRequestSchema,
  CreateTempTokenResponseSchema,
  EmailInviteDetailsRequestSchema,
  EmailInviteDetailsResponseSchema,
  EmailInviteRequestSchema,
  EmailInviteResponseSchema,
  GameSystemNameSchema,
  LinkFirebaseRequestSchema,
  UserInfoResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { accountOf, sessionOf } from '../../http/authenticate.js';
import { geoCountry } from '../../http/geo-country.js';
import { presentedJson, problemResponses } from '../../http/responses.js';
import { getAccount, userInfo } from '../accounts/profile-service.js';
import { authenticateFromEmailInvite, emailInviteDetails, requestEmailInvite } from './email-sign-in.js';
import { authenticateFromFirebase, linkFromFirebase } from './firebase/firebase-sign-in.js';
import { authenticateFromTempToken, createTempToken } from './temp-tokens.js';

/** Sign-in by emailed link, temp tokens, logout, and userinfo for game servers. */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/invite/email_invite', {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Mails an email invite, a sign-in link (after a robot check)',
        body: EmailInviteRequestSchema,
        response: { 200: EmailInviteResponseSchema, ...problemResponses(400, 404, 429, 503) },
      },
      handler: async (request) => {
        const body = request.body;
        await requestEmailInvite(
          ctx,
          {
            email: body.Email,
            captchaResult: body.CaptchaResult,
            gameSystemName: body.GameSystemName,
            redirectUri: body.RedirectUri,
            locale: body.Locale,
            browserNonce: body.BrowserNonce,
            userAgent: request.headers['user-agent'],
          },
          request.ip,
        );
        return { Success: true as const };
      },
    });

    app.post('/auth/authenticate_from_email_invite', {
      ...presentedJson,
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with the token of an email invite, the mailed sign-in link (consumes it)',
        description:
          'The browser that asked for the link sends the BrowserNonce it sent then and signs in at once. Any other ' +
          'browser gets 403 `sign_in_confirmation_required`, with nothing spent, until the player has seen ' +
          '`email_invite_details` and confirmed (`Confirmed: true`): a link opened by a scanner or sent by someone ' +
          'else signs nobody in by itself.',
        body: AuthenticateFromEmailInviteRequestSchema,
        response: { 200: AuthenticateFromEmailInviteResponseSchema, ...problemResponses(400, 403, 429) },
      },
      handler: async (request) => {
        const { InviteToken, BrowserNonce, Confirmed } = request.body;
        const result = await authenticateFromEmailInvite(
          ctx,
          InviteToken,
          { browserNonce: BrowserNonce, confirmed: Confirmed },
          geoCountry(ctx.config, request.headers),
        );
        return { Success: true as const, Token: result.token, RedirectUri: result.redirectUri };
      },
    });

    app.post('/auth/authenticate_from_firebase', {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with Google, Apple or Facebook: a Firebase ID token of the company project (spends it)',
        description:
          "The token's signature (Firebase's published keys), project, issuer, expiry and auth_time are checked, and " +
          'its sign-in provider must be one the company allows. The provider identity (Google, Apple, Facebook) finds ' +
          'or makes the account. A token signs in once; `MarketingEnabled: true` records marketing consent.',
        body: AuthenticateFromFirebaseRequestSchema,
        response: { 200: AuthenticateFromFirebaseResponseSchema, ...problemResponses(400, 404, 429, 503) },
      },
      handler: async (request) => authenticateFromFirebase(ctx, request.body, geoCountry(ctx.config, request.headers)),
    });

    app.post('/auth/link_firebase', {
      config: { auth: 'bearer', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: "Adds a Google, Apple or Facebook sign-in (a Firebase ID token) to the player's account",
        description:
          'Checked as authenticate_from_firebase checks it, and spent. From then on that identity signs in to this ' +
          'account. One already on this account changes nothing; one on another account is refused with 409 ' +
          '`identity_taken` and stays there.',
        body: LinkFirebaseRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401, 409, 429, 503) },
      },
      handler: async (request) => {
        await linkFromFirebase(ctx, accountOf(request), request.body.Token);
        return getAccount(ctx, accountOf(request));
      },
    });

    app.post('/auth/email_invite_details', {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Whose sign-in an email invite is and which device asked for it (spends nothing)',
        body: EmailInviteDetailsRequestSchema,
        response: { 200: EmailInviteDetailsResponseSchema, ...problemResponses(400, 429) },
      },
      handler: async (request) => emailInviteDetails(ctx, request.body.InviteToken),
    });

    app.post('/auth/create_temp_token', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['auth'],
        summary: 'A short-lived single-use token that carries the session to another page',
        body: CreateTempTokenRequestSchema,
        response: { 200: CreateTempTokenResponseSchema, ...problemResponses(400, 401) },
      },
      handler: async (request) => ({
        TempToken: await createTempToken(ctx, sessionOf(request), {
          redirectUri: request.body.RedirectUri,
          orderPublicId: request.body.OrderPublicId,
          merchantRedirectType: request.body.MerchantRedirectType,
        }),
      }),
    });

    app.post('/auth/authenticate_from_temp_token', {
      config: { rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: 'Signs in with a temp token (consumes it)',
        body: AuthenticateFromTempTokenRequestSchema,
        response: { 200: AuthenticateFromTempTokenResponseSchema, ...problemResponses(400, 429) },
      },
      handler: async (request) => authenticateFromTempToken(ctx, request.body.TempToken),
    });

    app.get('/auth/logout', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of the bearer token',
        response: { 204: z.null().describe('Signed out'), ...problemResponses(401) },
      },
      handler: async (request, reply) => {
        await ctx.sessions.revoke(sessionOf(request).bearer);
        return reply.code(204).send(null);
      },
    });

    const userInfoSchema = {
      tags: ['auth'],
      summary: 'Who the bearer is, for a game server: account id, player id in the game, email',
      params: z.object({ Game: GameSystemNameSchema }),
      response: { 200: UserInfoResponseSchema, ...problemResponses(400, 401, 404) },
    };
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/auth/oauth/userinfo/:Game',
        config: { auth: 'bearer' },
        schema: userInfoSchema,
        handler: async (request) => userInfo(ctx, accountOf(request), request.params.Game),
      });
    }
  };
}
