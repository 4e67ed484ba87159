// The contract's value (packages/contract/src/analytics.ts), kept here so the portal's
// chunks do not pull the contract's schemas in; a test holds them equal.
/** The analytics platform code of the web portal. */
export const ANALYTICS_PLATFORM_WEB = 24;

/** A random session id, new on every page load (spec §3: the session id is random). */
export function newSessionId(): string {
  // getRandomValues works outside secure contexts too, unlike randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** This page load's analytics session. */
export const PAGE_SESSION_ID = newSessionId();

/** When this page load's analytics session began, epoch milliseconds. */
export const PAGE_SESSION_START = Date.now();
