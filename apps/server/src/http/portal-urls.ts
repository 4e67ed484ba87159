import { portalRouteUrl as routeUrl } from '@fxid/contract';
import type { Config } from '../config.js';

/**
 * The absolute address of a portal route as the site routes it (router base path, hash
 * routing), for the return, success and failure addresses handed to payment providers.
 */
export function portalRouteUrl(config: Pick<Config, 'publicUrl' | 'portal'>, path: string): string {
  return routeUrl(
    { RouterBasePath: config.portal.routerBasePath, RouterType: config.portal.routerType },
    config.publicUrl,
    path,
  );
}
