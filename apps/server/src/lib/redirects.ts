import { RedirectNotAllowedError } from '../errors.js';

/**
 * Checks a post-sign-in redirect target: a path on this site, or a URL on our
 * own origin or an allowed one. Returns it as a path (same origin) or a full
 * URL; anything else (other hosts, `//host`, `/\\host`, `javascript:`, control
 * characters) is refused.
 *
 * The answer is what the browser will follow, so it is checked after
 * normalisation: `/..//evil.com` resolves to the path `//evil.com`, which a
 * browser reads as another host (security.md §12 row 38).
 */
export function safeRedirect(target: string, publicUrl: string, allowedOrigins: readonly string[]): string {
  // Browsers drop tabs and newlines inside URLs, which would hide a scheme or host from a check.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\')) {
    throw new RedirectNotAllowedError(target);
  }
  const base = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    throw new RedirectNotAllowedError(target);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new RedirectNotAllowedError(target);
  if (url.origin === base.origin) {
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!isSameSitePath(path)) throw new RedirectNotAllowedError(target);
    return path;
  }
  if (allowedOrigins.includes(url.origin) && url.username === '' && url.password === '') return url.href;
  throw new RedirectNotAllowedError(target);
}

/** A path a browser resolves on the current host: one leading slash, never `//` or `/\`. */
function isSameSitePath(path: string): boolean {
  return path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';
}
