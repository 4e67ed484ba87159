import {
  AccountSchema,
  CreateLinkCodeRequestSchema,
  CreateLinkCodeResponseSchema,
  LinkCodeDetailsRequestSchema,
  LinkCodeDetailsResponseSchema,
  LinkFromCodeRequestSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { accountOf } from '../../../http/authenticate.js';
import { perPlayer } from '../../../http/rate-limits.js';
import { problemResponses } from '../../../http/responses.js';
import { getAccount } from '../../accounts/profile-service.js';
import { createLinkCode, linkCodeDetails, linkFromCode } from './link-codes.js';

const OWN = "fxid's own (not in the spec). ";

/** A platform identity met in a game, added to the player's web account by a short code. */
export function linkCodeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/create_link_code', {
      config: { auth: 'bearer', ...perPlayer(10, '15 minutes', 'link-code-make:') },
      schema: {
        tags: ['auth'],
        summary: "Makes a 10-minute code that adds one of this account's platform identities to another account",
        description:
          OWN +
          'Made inside a host platform, for the identity the player signed in with there. The identity must be on ' +
          "this account (else 404 `not_found`); Email is refused (400 `validation_failed`) and a platform's guest " +
          '(400 `guest_identity_not_linkable`). The code is stored hashed, shown once and used once.',
        body: CreateLinkCodeRequestSchema,
        response: { 200: CreateLinkCodeResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) =>
        createLinkCode(ctx, accountOf(request), {
          type: request.body.SocialIdentifierType,
          id: request.body.SocialIdentifier,
        }),
    });

    const redeem = perPlayer(20, '15 minutes', 'link-code-use:');

    app.post('/auth/link_code_details', {
      config: { auth: 'bearer', ...redeem },
      schema: {
        tags: ['auth'],
        summary: 'Which platform identity a link code would add to this account (spends nothing)',
        description:
          OWN +
          'Refused: an unknown or spent code (400 `invalid_token`), an expired one (400 `expired_token`), one for ' +
          'an identity already on this account (409 `identity_already_on_account`).',
        body: LinkCodeDetailsRequestSchema,
        response: { 200: LinkCodeDetailsResponseSchema, ...problemResponses(400, 401, 409, 429) },
      },
      handler: async (request) => linkCodeDetails(ctx, accountOf(request), request.body.LinkCode),
    });

    app.post('/auth/link_from_code', {
      config: { auth: 'bearer', ...redeem },
      schema: {
        tags: ['auth'],
        summary: "Adds a link code's platform identity to the signed-in account, confirmed",
        description:
          OWN +
          'The identity moves from the account that made the code, even when that was its only way in, and the ' +
          'move is recorded (table identity_transfers); from then on the platform signs in to this account. The ' +
          'code is spent. Refused, with nothing changed: as link_code_details, or an identity that has left the ' +
          'account since (404 `not_found`).',
        body: LinkFromCodeRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401, 404, 409, 429) },
      },
      handler: async (request) => {
        await linkFromCode(ctx, accountOf(request), request.body.LinkCode);
        return getAccount(ctx, accountOf(request));
      },
    });
  };
}
