/**
 * What the portal reads from VK's launch parameters for the game's social info.
 * They are trusted only on our server (security.md §1a): here they only label the
 * player until VKWebAppGetUserInfo answers; the sign-in sends them verbatim.
 */
export interface VkLaunch {
  userId: string | null;
  appId: string | null;
  language: string | null;
  /** `desktop_web`, `mobile_web`, `mobile_android`, …: the spec's socialFlavor. */
  platform: string | null;
}

export function parseVkLaunch(query: string): VkLaunch {
  const params = new URLSearchParams(query);
  return {
    userId: params.get('vk_user_id'),
    appId: params.get('vk_app_id'),
    language: params.get('vk_language'),
    platform: params.get('vk_platform'),
  };
}

/** Whether the page was launched by VK at all: signed launch parameters are present. */
export function isVkLaunch(query: string): boolean {
  const params = new URLSearchParams(query);
  return params.has('vk_user_id') && params.has('sign');
}
