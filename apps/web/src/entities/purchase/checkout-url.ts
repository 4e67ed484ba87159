/**
 * The address a checkout page is framed at: the portal's own payment form (same origin)
 * gets `embed=1`, so it renders alone, without the site's header, footer and menus;
 * another provider's page is left as it is.
 */
export function checkoutFrameUrl(url: string, portalOrigin: string = window.location.origin): string {
  const parsed = new URL(url, portalOrigin);
  if (parsed.origin !== portalOrigin) return url;
  parsed.searchParams.set('embed', '1');
  return parsed.href;
}
