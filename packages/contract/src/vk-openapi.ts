import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';

/**
 * The session VK's Open API (openapi.js, `VK.Auth.getLoginStatus` / the `vk_app_{appId}` cookie)
 * gives a site: signed by VK with the app's secure key (`sig`), valid until `expire`.
 */
export const VkOpenApiSessionSchema = z
  .object({
    expire: z.coerce.number().int().positive().describe('Unix seconds after which the session is void'),
    mid: z
      .string()
      .regex(/^[1-9]\d{0,18}$/, 'Expected a VK user id')
      .describe('The VK user id'),
    secret: z.string().min(1).max(128),
    sid: z.string().min(1).max(256),
    sig: z
      .string()
      .regex(/^[0-9a-f]{32}$/i, 'Expected 32 hex digits')
      .describe('md5("expire=…mid=…secret=…sid=…" + app secure key)'),
  })
  .strict()
  .meta({ id: 'VkOpenApiSession' });

/** What openapi.js tells about the user: shown, never trusted (it is not signed). */
export const VkSessionUserSchema = z
  .object({
    FirstName: z.string().max(100).optional(),
    LastName: z.string().max(100).optional(),
    NickName: z.string().max(100).optional(),
    PhotoUri: z.string().max(1024).optional(),
    Email: z.string().max(320).optional(),
  })
  .strict()
  .meta({ id: 'VkSessionUser' });

export const AuthenticateFromVkOpenApiRequestSchema = z
  .object({
    Game: GameSystemNameSchema.describe('The game whose VK app the session was made for (its secure key signs it)'),
    VkSession: VkOpenApiSessionSchema.optional().describe('Required: the Open API session (or its cookie fields)'),
    VkSessionUser: VkSessionUserSchema.optional(),
    Locale: z.string().max(16).optional(),
  })
  .strict()
  .meta({ id: 'AuthenticateFromVkOpenApiRequest' });
export type AuthenticateFromVkOpenApiRequest = z.infer<typeof AuthenticateFromVkOpenApiRequestSchema>;

export const AuthenticateFromVkOpenApiResponseSchema = z
  .object({
    Token: z.string().describe('Bearer token of the new session'),
    AccountId: z.string(),
  })
  .meta({ id: 'AuthenticateFromVkOpenApiResponse' });
