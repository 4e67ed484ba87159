import type { Logger } from '../../../shared/lib/logger';

/** Where the referral id of an invite link waits until the visitor is signed in. */
export const FXREF_KEY = 'fxref';

/** The shape of a referral id (contract FxrefSchema): anything else is not worth keeping. */
const FXREF_PATTERN = /^[\w-]{16,64}$/;

export type FxrefStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The fxref query of a page address, also inside a hash route (`#/play/x?fxref=…`); null without a valid one. */
export function fxrefFromUrl(href: string): string | null {
  const url = new URL(href);
  const hashQuery = url.hash.includes('?') ? url.hash.slice(url.hash.indexOf('?')) : '';
  const found = url.searchParams.get('fxref') ?? new URLSearchParams(hashQuery).get('fxref');
  return found && FXREF_PATTERN.test(found) ? found : null;
}

/** Keeps the fxref of the page the visitor arrived on; the newest invite wins. Storage may be blocked. */
export function captureFxref(href: string, storage: FxrefStorage): string | null {
  const fxref = fxrefFromUrl(href);
  if (!fxref) return null;
  try {
    storage.setItem(FXREF_KEY, fxref);
  } catch {
    // Blocked storage (private or embedded contexts): the invite is simply not remembered.
  }
  return fxref;
}

export function pendingFxref(storage: FxrefStorage): string | null {
  try {
    const stored = storage.getItem(FXREF_KEY);
    return stored && FXREF_PATTERN.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function forgetFxref(storage: FxrefStorage): void {
  try {
    storage.removeItem(FXREF_KEY);
  } catch {
    // Nothing was stored where storage is blocked.
  }
}

/** Answers after which the invite can never succeed: unknown link, own link, malformed id. */
const FINAL_STATUSES = new Set([400, 404, 409]);

export type InviteOutcome = 'none' | 'accepted' | 'dropped' | 'kept';

/**
 * Reports the kept fxref for the signed-in player once. Accepted, unknown (404) or own (409) links are
 * forgotten; a network failure, an expired session or a rate limit keeps the fxref for the next sign-in or visit.
 */
export async function acceptPendingInvite(
  storage: FxrefStorage,
  accept: (fxref: string) => Promise<unknown>,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<InviteOutcome> {
  const fxref = pendingFxref(storage);
  if (!fxref) return 'none';
  try {
    await accept(fxref);
    forgetFxref(storage);
    logger.info('invite accepted');
    return 'accepted';
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && FINAL_STATUSES.has(status)) {
      logger.warn('invite link not accepted, forgotten', error);
      forgetFxref(storage);
      return 'dropped';
    }
    logger.warn('invite link not accepted yet, kept for later', error);
    return 'kept';
  }
}
