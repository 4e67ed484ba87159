import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';
import { SocialIdentifierTypeSchema } from './identity.js';

/**
 * Moving a sign-in from one account to another (spec §7 `authenticate_from_import`): the account
 * that holds it makes an import token; the account it moves to shows what will move
 * (`import_details`) and confirms. Email is the account's address, never moved.
 */
const IdentitySchema = {
  SocialIdentifierType: SocialIdentifierTypeSchema,
  SocialIdentifier: z.string().min(1).max(256),
};
const ImportTokenSchema = z
  .string()
  .min(16)
  .max(128)
  .describe('The import token the holding account made (single use)');

export const CreateImportTokenRequestSchema = z
  .object(IdentitySchema)
  .strict()
  .meta({ id: 'CreateImportTokenRequest' });

export const CreateImportTokenResponseSchema = z
  .object({ ImportToken: z.string(), ExpiresAt: z.string().describe('ISO 8601; 15 minutes') })
  .meta({ id: 'CreateImportTokenResponse' });

export const ImportDetailsRequestSchema = z
  .object({ ImportToken: ImportTokenSchema })
  .strict()
  .meta({ id: 'ImportDetailsRequest' });

export const ImportDetailsResponseSchema = z
  .object({
    ...IdentitySchema,
    FromAccountId: z.string().describe('The account the sign-in leaves'),
    FromEmail: z.string().nullable().describe("That account's email address, if it has one"),
  })
  .meta({ id: 'ImportDetailsResponse' });

export const AuthenticateFromImportRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema.optional(),
    Game: GameSystemNameSchema.optional().describe('The game the move is made from, if any (recorded)'),
    ...IdentitySchema,
    ImportToken: ImportTokenSchema,
    Confirmed: z.literal(true).describe('The player saw import_details and agreed to move this sign-in here'),
  })
  .strict()
  .meta({ id: 'AuthenticateFromImportRequest' });

export const AuthenticateFromImportResponseSchema = z
  .object({ Token: z.string().describe('A new session of the account the sign-in moved to (the page then reloads)') })
  .meta({ id: 'AuthenticateFromImportResponse' });
