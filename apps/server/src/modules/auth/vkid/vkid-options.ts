import type { VkIdOptions } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { GameNotFoundError, PlatformNotSupportedError } from '../../../errors.js';

/** The login modal's provider name of VK ID in `Auth.AllowedAuthProviders`. */
export const VKID_PROVIDER = 'vkid';

/** What VK ID asks for when the catalog names no scope. */
export const DEFAULT_VKID_SCOPE = 'vkid.personal_info';

/**
 * The VK ID app a sign-in uses: the game's own (`VkIdClientId`) when it names one, else the
 * company's `Auth.VkId`. VK ID must be among the company's allowed providers and some app
 * must be named; otherwise 'Login provider vkid is not supported.'.
 */
export async function vkIdOptionsFor(
  ctx: Pick<AppContext, 'catalog'>,
  game: string | undefined,
): Promise<Required<Pick<VkIdOptions, 'ClientId' | 'Scope'>>> {
  const branding = await ctx.catalog.branding();
  const allowed = branding.Auth.AllowedAuthProviders.some((name) => name.toLowerCase() === VKID_PROVIDER);
  let clientId = branding.Auth.VkId?.ClientId;
  if (game) {
    const record = await ctx.catalog.find(game);
    if (!record) throw new GameNotFoundError(game);
    clientId = record.definition.VkIdClientId ?? clientId;
  }
  if (!allowed || !clientId) throw new PlatformNotSupportedError(VKID_PROVIDER);
  return { ClientId: clientId, Scope: branding.Auth.VkId?.Scope || DEFAULT_VKID_SCOPE };
}

/** Whether a VK ID app id is one this deployment's catalog names (the stand-in knows only those). */
export async function isCatalogVkIdApp(ctx: Pick<AppContext, 'catalog'>, clientId: string): Promise<boolean> {
  if ((await ctx.catalog.branding()).Auth.VkId?.ClientId === clientId) return true;
  return (await ctx.catalog.list()).some((game) => game.definition.VkIdClientId === clientId);
}
