/**
 * Catalog paths such as "/catalog/x.svg" are relative to the portal's base path:
 * dropping the leading slash lets <base href> resolve them under any base.
 */
export function assetUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return url;
  return url.replace(/^\/+/, '');
}
