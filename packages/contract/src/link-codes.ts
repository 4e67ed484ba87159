import { z } from 'zod';
import { SocialIdentifierTypeSchema } from './identity.js';

/**
 * Link codes (fxid's own, not in the spec): a player signed in on a host platform (VK, OK, …)
 * makes a short code for that platform identity; on the own site, signed in to the web account,
 * the code adds the identity there after a confirmation (moving it, with an audit record, from
 * the account it signed in to before).
 */
const LinkCodeSchema = z
  .string()
  .min(1)
  .max(32)
  .describe('The link code as shown to the player; case, spaces and dashes do not matter');

export const CreateLinkCodeRequestSchema = z
  .object({
    SocialIdentifierType: SocialIdentifierTypeSchema,
    SocialIdentifier: z.string().min(1).max(256),
  })
  .strict()
  .meta({ id: 'CreateLinkCodeRequest' });

export const CreateLinkCodeResponseSchema = z
  .object({
    LinkCode: z.string().describe('Ten letters and digits shown as XXXXX-XXXXX; used once'),
    ExpiresAt: z.string().describe('ISO 8601; 10 minutes'),
  })
  .meta({ id: 'CreateLinkCodeResponse' });

export const LinkCodeDetailsRequestSchema = z
  .object({ LinkCode: LinkCodeSchema })
  .strict()
  .meta({ id: 'LinkCodeDetailsRequest' });

export const LinkCodeDetailsResponseSchema = z
  .object({
    SocialIdentifierType: SocialIdentifierTypeSchema,
    SocialIdentifier: z.string(),
  })
  .meta({ id: 'LinkCodeDetailsResponse' });

export const LinkFromCodeRequestSchema = z
  .object({
    LinkCode: LinkCodeSchema,
    Confirmed: z.literal(true).describe('The player saw link_code_details and agreed to add this identity here'),
  })
  .strict()
  .meta({ id: 'LinkFromCodeRequest' });
