import type { PageConfig } from '@fxid/contract/page-config';

/**
 * In development, the address to open the portal at when this page is elsewhere: sign-in
 * links lead to PUBLIC_URL's origin, and a link's sign-in reaches only tabs of that origin
 * (its storage, its browser nonce), so a tab at 127.0.0.1 would wait for a sign-in at
 * localhost forever. Null when the origins match, or outside development.
 */
export function devOriginToOpen(
  config: PageConfig,
  location: Pick<Location, 'origin' | 'pathname' | 'search'>,
): string | null {
  const expected = config.DevPublicOrigin;
  if (!expected || expected === location.origin) return null;
  return `${expected}${location.pathname}${location.search}`;
}
