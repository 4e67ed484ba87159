import { isSiteRoute } from './redirect';

/** The parts of the router's location the way back is read from. */
export interface ReturnLocation {
  pathname: string;
  search: string;
  /** Navigation state; a sign-in redirect puts the page asked for in `from` (spec §2, Profile). */
  state?: unknown;
}

/**
 * The route the emailed link brings the player back to: the page a sign-in redirect was
 * asked for (only a path of this site), else the current page; never a sign-in link page.
 */
export function returnRoute(location: ReturnLocation): string {
  const route = requestedRoute(location.state) ?? `${location.pathname}${location.search}`;
  return /^\/Login/i.test(route) ? '/' : route;
}

function requestedRoute(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  return typeof state.from === 'string' && isSiteRoute(state.from) ? state.from : undefined;
}
