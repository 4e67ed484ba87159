/** Where to go after signing in: a route of the portal, or another page the server allowed. */
export type RedirectTarget = { kind: 'route'; to: string } | { kind: 'page'; href: string };

const HOME: RedirectTarget = { kind: 'route', to: '/' };

/** Control characters and backslashes: browsers read them in ways a URL check does not foresee. */
function hasUnsafeCharacters(address: string): boolean {
  return [...address].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\');
}

/**
 * A path of this site (`/Profile?tab=1`): one leading slash, so never an absolute URL, a
 * scheme or a protocol-relative `//host`; nothing a browser would read otherwise.
 */
export function isSiteRoute(address: string): boolean {
  return address.startsWith('/') && !address.startsWith('//') && !hasUnsafeCharacters(address);
}

/**
 * Turns a redirect address from the server (a path from the origin, or a full URL the
 * server checked against its allowlist) into a navigation. Anything odd goes home:
 * other schemes, control characters, backslashes (spec attack row 38).
 */
export function resolveRedirect(target: string | null | undefined, origin: string, basePath: string): RedirectTarget {
  if (!target) return HOME;
  if (hasUnsafeCharacters(target)) return HOME;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return HOME;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return HOME;
  if (url.username || url.password) return HOME;
  const rest = `${url.search}${url.hash}`;
  if (url.origin !== origin) return { kind: 'page', href: url.href };
  if (basePath === '/') return { kind: 'route', to: `${url.pathname}${rest}` };
  const base = basePath.replace(/\/$/, '');
  if (url.pathname === base || url.pathname.startsWith(`${base}/`)) {
    return { kind: 'route', to: `${url.pathname.slice(base.length) || '/'}${rest}` };
  }
  // Same site, but outside the portal's router.
  return { kind: 'page', href: url.href };
}

/** The address to send the server for "come back here after signing in": a portal path as seen from the origin. */
export function returnPath(routePath: string, basePath: string): string {
  const path = routePath.startsWith('/') ? routePath.slice(1) : routePath;
  return `${basePath}${path}`;
}
