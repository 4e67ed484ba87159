/**
 * Spec §4: a framed document is checked 2 s after it is shown and again 3 s later;
 * a page that refused to be framed then gives way to an open-in-new-page link.
 */
export const FRAME_CHECK_DELAYS_MS = [2_000, 3_000] as const;

/**
 * Whether a frame shows nothing the player can read, as far as the browser lets the
 * portal see. A page refused by X-Frame-Options or CSP frame-ancestors is replaced by
 * the browser's error page, which has an opaque origin: for a page of the portal's own
 * origin that means an unreadable document (or an empty one). Inside a page of another
 * origin nothing can be seen (browsers hide a refusal there on purpose), so only a
 * frame that never finished loading counts, at the last check.
 */
export function frameLooksRefused(frame: HTMLIFrameElement, loaded: boolean, lastCheck: boolean): boolean {
  if (!loaded) return lastCheck;
  const src = frame.getAttribute('src');
  if (!src || new URL(src, window.location.href).origin !== window.location.origin) return false;
  let document: Document | null;
  try {
    document = frame.contentDocument;
  } catch {
    return true;
  }
  if (!document) return true;
  return !document.body || (document.body.childElementCount === 0 && !document.body.textContent?.trim());
}
