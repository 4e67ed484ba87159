import {
  AuthenticateFromImportRequestSchema,
  AuthenticateFromImportResponseSchema,
  CreateImportTokenRequestSchema,
  CreateImportTokenResponseSchema,
  ImportDetailsRequestSchema,
  ImportDetailsResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { accountOf } from '../../../http/authenticate.js';
import { problemResponses } from '../../../http/responses.js';
import { authenticateFromImport, createImportToken, importDetails } from './identity-import.js';

/** Moving a sign-in from one account to another: the holder's token, what it moves, the confirmed move. */
export function identityImportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = { max: 30, timeWindow: '15 minutes' };

    app.post('/auth/create_import_token', {
      config: { auth: 'bearer', rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Lets one of the signed-in account's sign-ins be moved to another account (a 15-minute token)",
        description:
          'The sign-in must be on this account (else 404 `not_found`); Email never moves ' +
          "(400 `validation_failed`, 'Incorrect social identifier type'). The token is shown once and used once.",
        body: CreateImportTokenRequestSchema,
        response: { 200: CreateImportTokenResponseSchema, ...problemResponses(400, 401, 404, 429) },
      },
      handler: async (request) =>
        createImportToken(ctx, accountOf(request), {
          type: request.body.SocialIdentifierType,
          id: request.body.SocialIdentifier,
        }),
    });

    app.post('/auth/import_details', {
      config: { auth: 'bearer', rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'What an import token would move, and from which account (spends nothing)',
        body: ImportDetailsRequestSchema,
        response: { 200: ImportDetailsResponseSchema, ...problemResponses(400, 401, 429) },
      },
      handler: async (request) => importDetails(ctx, request.body.ImportToken),
    });

    app.post('/auth/authenticate_from_import', {
      config: { auth: 'bearer', rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Moves a sign-in to the signed-in player's account, confirmed, and records the move",
        description:
          'Needs `Confirmed: true` (the player saw import_details) and the import token of exactly the named ' +
          'sign-in (spent). Refused, with nothing changed: a spent, unknown or other-sign-in token (400 ' +
          '`invalid_token`), an expired one (400 `expired_token`), a sign-in already on this account (400 ' +
          '`validation_failed`), one that has since left the holding account (404 `not_found`), or the holding ' +
          "account's last way in (409 `last_sign_in_method`). Each move is recorded (table identity_transfers).",
        body: AuthenticateFromImportRequestSchema,
        response: { 200: AuthenticateFromImportResponseSchema, ...problemResponses(400, 401, 404, 409, 429) },
      },
      handler: async (request) => authenticateFromImport(ctx, accountOf(request), request.body),
    });
  };
}
