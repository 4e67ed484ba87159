import { z } from 'zod';
import { BrowserNonceSchema } from './account.js';
import { GameSystemNameSchema } from './games.js';
import { AuthAdapterSchema } from './identity.js';

export * from './vkid-options.js';

/** A PKCE value: 43–128 characters of base64url (security.md §9b; S256 only). */
const PkceValueSchema = z.string().regex(/^[\w-]{43,128}$/, 'Expected 43 to 128 base64url characters');

export const VkIdStartRequestSchema = z
  .object({
    Game: GameSystemNameSchema.optional().describe('The game the player signs in from (its own VK ID app, if any)'),
    CodeChallenge: PkceValueSchema.describe(
      'BASE64URL(SHA-256(code_verifier)) of a verifier of 32 random bytes that the browser keeps',
    ),
    BrowserNonce: BrowserNonceSchema.describe('A random value this browser keeps: the sign-in is finished only by it'),
  })
  .strict()
  .meta({ id: 'VkIdStartRequest' });
export type VkIdStartRequest = z.infer<typeof VkIdStartRequestSchema>;

export const VkIdStartResponseSchema = z
  .object({
    State: z.string().describe('The one-time OAuth state of this sign-in (10 minutes)'),
    ClientId: z.string(),
    Scope: z.string(),
    RedirectUrl: z.string().describe('Where VK ID sends the browser back: /api/v1/auth/authenticate_to_fxid'),
    AuthorizeUrl: z.string().describe("VK ID's authorization page with every parameter of this sign-in"),
  })
  .meta({ id: 'VkIdStartResponse' });
export type VkIdStartResponse = z.infer<typeof VkIdStartResponseSchema>;

/** What VK ID handed the browser, plus what the browser kept (spec store §7, VkIdLogin). */
export const VkIdLoginSchema = z
  .object({
    Code: z.string().min(1).max(2048).describe('The authorization code VK ID returned'),
    CodeVerifier: PkceValueSchema.describe('The PKCE verifier the challenge was made from'),
    DeviceId: z.string().min(1).max(256).describe("VK ID's device_id of the code"),
    State: z.string().min(1).max(128).describe('The state VK ID returned (that of vkid/start)'),
    BrowserNonce: BrowserNonceSchema.describe('The nonce this browser sent to vkid/start'),
  })
  .strict()
  .meta({ id: 'VkIdLogin' });

export const AuthenticateToFxidRequestSchema = z
  .object({
    AuthenticationType: AuthAdapterSchema,
    Game: GameSystemNameSchema.optional(),
    Locale: z.string().max(16).optional(),
    SessionId: z.string().max(128).optional(),
    VkIdLogin: VkIdLoginSchema.optional().describe('Required when AuthenticationType is VkId'),
  })
  .strict()
  .meta({ id: 'AuthenticateToFxidRequest' });
export type AuthenticateToFxidRequest = z.infer<typeof AuthenticateToFxidRequestSchema>;

export const AuthenticateToFxidResponseSchema = z
  .object({
    Success: z.literal(true),
    Data: z.object({
      AccountId: z.string(),
      Token: z.string().describe('The new session; when linking, the bearer token sent'),
      Linked: z.boolean().describe('The identity was added to the signed-in account (bearer sent)'),
    }),
  })
  .meta({ id: 'AuthenticateToFxidResponse' });
