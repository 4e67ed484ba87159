import { z } from 'zod';

/**
 * VK ID on the login modal (spec store §2, `vkOptions`): the VK ID app the one-tap widget
 * signs in with, the scopes it asks for, and whether the widget also offers OK and Mail.ru.
 */
export const VkIdOptionsSchema = z
  .object({
    ClientId: z
      .string()
      .regex(/^\d{1,12}$/, 'Expected a VK ID app id')
      .describe('The VK ID app (client_id) of the company'),
    Scope: z.string().max(200).optional().describe('Space-separated VK ID scopes; `vkid.personal_info` by default'),
    ShowOkLogin: z.boolean().optional().describe('The widget also offers signing in through OK'),
    ShowMailRuLogin: z.boolean().optional().describe('The widget also offers signing in through Mail.ru'),
  })
  .meta({ id: 'VkIdOptions' });
export type VkIdOptions = z.infer<typeof VkIdOptionsSchema>;
