import { currencyFormat } from '../../../shared/lib/currency-format';

/**
 * Whether a value has the shape of an order link token (the contract's OrderLinkTokenSchema:
 * 32 random bytes, base64url). A malformed one is refused without asking the server.
 */
export function isOrderLinkToken(value: string): boolean {
  return /^[\w-]{43}$/.test(value);
}

/**
 * An address from the server that the page may send the player to: http(s) only, so a
 * `javascript:` or `data:` value can never run in the portal's origin. Relative
 * addresses resolve against `base`. Null for anything else.
 */
export function navigableUrl(value: string | null | undefined, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Which message a refused order link gets: the API's stable error codes (400 invalid_token, expired_token; 409 conflict). */
export function linkFailure(
  error: unknown,
): 'store.linkInvalid' | 'store.linkExpired' | 'store.orderNotAwaiting' | 'store.continueFailed' {
  const failure = error as { status?: number; problem?: { ErrorCode?: string } } | null;
  const code = failure?.problem?.ErrorCode;
  if (code === 'expired_token') return 'store.linkExpired';
  // A malformed token fails the request's validation; a refused form value is another matter.
  const field = (failure?.problem as { L10NParam?: { Field?: string } } | undefined)?.L10NParam?.Field ?? '';
  const formRefused = code === 'validation_failed' && field.includes('OrderPersonalInfo');
  if (code === 'invalid_token' || (failure?.status === 400 && !formRefused)) return 'store.linkInvalid';
  if (failure?.status === 409) return 'store.orderNotAwaiting';
  return 'store.continueFailed';
}

/** A price in minor units, formatted for the locale (JPY has no minor units, most currencies two). */
export function formatMinor(amount: number, currency: string, locale: string | undefined): string {
  const format = currencyFormat(locale, currency);
  return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}
