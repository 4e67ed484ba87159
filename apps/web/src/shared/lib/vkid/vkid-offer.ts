import type { VkIdOptions } from '@fxid/contract';

/** The login modal's name of VK ID among the allowed providers. */
export const VKID_PROVIDER = 'vkid';

/** The identity type a VK ID sign-in gives (spec §3). */
export const VKID_IDENTITY_TYPE = 'VkontakteComOauth';

/** VK ID's options when it is offered: allowed (by the caller or the company) and an app named. */
export function offeredVkId(allowed: readonly string[], options: VkIdOptions | undefined): VkIdOptions | undefined {
  return options?.ClientId && allowed.some((name) => name.toLowerCase() === VKID_PROVIDER) ? options : undefined;
}
