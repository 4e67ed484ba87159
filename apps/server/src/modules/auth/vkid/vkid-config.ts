import { z } from 'zod';
import { type Mode, optional } from '../../../config/env-helpers.js';

/**
 * VK ID's part of the server configuration. Which VK ID app signs in is the catalog's
 * (the company's `Auth.VkId`, or a game's `VkIdClientId`); here is only where VK ID lives:
 * its own host in production, this server's offline stand-in (`/dev/vkid`) in development.
 */
export interface VkIdConfig {
  /** Origin (and path) of VK ID: `/authorize`, `/oauth2/auth` and `/oauth2/user_info` are under it. */
  baseUrl: string;
  /** Whether the offline stand-in of VK ID is served at /dev/vkid (development only). */
  devStandIn: boolean;
}

/**
 * VK ID's host (security.md §1b: moving from id.vk.com to id.vk.ru; @vkid/sdk 2.6 uses id.vk.ru,
 * and the old host still answers).
 */
export const VKID_PRODUCTION_URL = 'https://id.vk.ru';

/** Where the stand-in answers, under PUBLIC_URL. */
export const DEV_VKID_PATH = '/dev/vkid';

/** The redirect address registered as the VK ID app's trusted redirect URL (spec store §7). */
export const VKID_REDIRECT_PATH = '/api/v1/auth/authenticate_to_fxid';

export const VKID_ENV = {
  VKID_URL: optional(z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/$/, ''))),
};

export function vkIdConfig(env: { VKID_URL?: string | undefined }, mode: Mode, publicUrl: string): VkIdConfig {
  const devStandIn = mode === 'development';
  return {
    baseUrl: env.VKID_URL ?? (devStandIn ? `${publicUrl}${DEV_VKID_PATH}` : VKID_PRODUCTION_URL),
    devStandIn,
  };
}

/** Production talks to VK ID over https only: a plain-http token endpoint would leak codes and tokens. */
export function vkIdProblems(env: { VKID_URL?: string | undefined }, mode: Mode): string[] {
  if (mode === 'production' && env.VKID_URL && !env.VKID_URL.startsWith('https://')) {
    return ['VKID_URL: must be https:// in production'];
  }
  return [];
}
