/** What a notification shows; the portal's service worker reads exactly these fields (apps/web/public/sw-push.js). */
export interface PushNotice {
  title: string;
  body: string;
  /** Opened or focused when the player clicks the notification; absolute http(s) or a path on the portal. */
  url?: string;
}

/**
 * Push services take at most 4096 bytes per message and encryption adds about 100,
 * so the JSON of a notice is kept well below that.
 */
export const MAX_NOTICE_BYTES = 3000;

/** Why a notice cannot be sent, or undefined when it can. */
export function noticeProblem(notice: PushNotice): string | undefined {
  if (!notice.title.trim()) return 'The notification needs a title';
  if (!notice.body.trim()) return 'The notification needs a body';
  if (notice.url !== undefined && !isOpenableUrl(notice.url)) {
    return 'The notification url must be an http(s) URL or a path starting with /';
  }
  if (Buffer.byteLength(JSON.stringify(notice)) > MAX_NOTICE_BYTES) {
    return `The notification is longer than ${MAX_NOTICE_BYTES} bytes`;
  }
  return undefined;
}

function isOpenableUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}
