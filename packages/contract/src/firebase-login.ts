import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';
import { SocialIdentifierTypeSchema } from './identity.js';

export * from './firebase-options.js';

/** The login modal's provider names that sign in through Firebase, and the identity each gives. */
export const FIREBASE_PROVIDERS = {
  google: { providerId: 'google.com', identity: 'Google' },
  apple: { providerId: 'apple.com', identity: 'Apple' },
  facebook: { providerId: 'facebook.com', identity: 'Facebook' },
} as const;
export type FirebaseProvider = keyof typeof FIREBASE_PROVIDERS;

export const AuthenticateFromFirebaseRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema.optional().describe('The game the player signs in from, if any'),
    Token: z
      .string()
      .min(1)
      .max(4096)
      .describe('The Firebase ID token of the signed-in Firebase user (RS256 JWT, single use here)'),
    MarketingEnabled: z.boolean().optional().describe('The player agreed to marketing email'),
  })
  .strict()
  .meta({ id: 'AuthenticateFromFirebaseRequest' });
export type AuthenticateFromFirebaseRequest = z.infer<typeof AuthenticateFromFirebaseRequestSchema>;

export const AuthenticateFromFirebaseResponseSchema = z
  .object({
    Token: z.string().describe('Bearer token of the new session, as email sign-in gives'),
    AccountId: z.string(),
    AuthenticatedSocialIdentifierType: SocialIdentifierTypeSchema,
    AuthenticatedSocialIdentifier: z.string().describe("The player's id at the provider (Google, Apple, Facebook)"),
  })
  .meta({ id: 'AuthenticateFromFirebaseResponse' });

export const LinkFirebaseRequestSchema = z
  .object({
    Token: z
      .string()
      .min(1)
      .max(4096)
      .describe('A Firebase ID token of the identity to add (Google, Apple, Facebook), single use'),
  })
  .strict()
  .meta({ id: 'LinkFirebaseRequest' });
