import { type PageConfig, portalRouteUrl } from '@fxid/contract/page-config';

/**
 * The absolute address of a portal route, for links that leave the app (share
 * links, QR codes, iframes): under the base path, in the hash with hash routing.
 */
export function appUrl(
  config: Pick<PageConfig, 'RouterBasePath' | 'RouterType'>,
  path: string,
  origin: string = window.location.origin,
): string {
  return portalRouteUrl(config, origin, path);
}
