import { createHmac } from 'node:crypto';
import { equalInConstantTime } from '../../lib/constant-time.js';

/**
 * Facebook's `signed_request` (security.md §4a), shared by Facebook Games (canvas sign-in,
 * deauthorize and data-deletion callbacks, the pay dialog's result) and Facebook Instant Games
 * (SignedPlayerInfo, purchases): `<base64url(sig)>.<base64url(JSON)>`, where
 * `sig = HMAC-SHA256(app secret, the payload half as received)`, over the encoded text,
 * not the decoded JSON. Nothing in the payload is read before the signature matched.
 */

export type SignedRequestFailure = 'malformed' | 'bad_sign' | 'bad_algorithm';

export type SignedRequestVerdict =
  | { ok: true; payload: Record<string, unknown> }
  | { ok: false; failure: SignedRequestFailure };

/** base64url without padding, as Facebook writes it (padding is tolerated on input). */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** No proof of ours is anywhere near this long; a huge one is refused before any work. */
const MAX_LENGTH = 16_384;

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/** Signs a payload as Facebook does (simulator and tests): `<sig>.<payload>`, both base64url. */
export function facebookSignedRequest(payload: Record<string, unknown>, secret: string): string {
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${hmac(secret, encoded).toString('base64url')}.${encoded}`;
}

/** Checks a signed_request against each current app secret (rotation) in constant time. */
export function verifyFacebookSignedRequest(signed: string, secrets: readonly string[]): SignedRequestVerdict {
  if (signed.length > MAX_LENGTH) return { ok: false, failure: 'malformed' };
  const parts = signed.split('.');
  // Exactly two non-empty halves: a third part is not Facebook's format (security.md §12 row 12).
  if (parts.length !== 2) return { ok: false, failure: 'malformed' };
  const [encodedSig = '', payload = ''] = parts;
  if (!BASE64URL.test(encodedSig) || !BASE64URL.test(payload)) return { ok: false, failure: 'malformed' };
  const sig = Buffer.from(encodedSig, 'base64url');
  if (sig.length !== 32) return { ok: false, failure: 'malformed' };
  if (!secrets.some((secret) => equalInConstantTime(sig, hmac(secret, payload)))) {
    return { ok: false, failure: 'bad_sign' };
  }
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, failure: 'malformed' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { ok: false, failure: 'malformed' };
  const { algorithm } = data as { algorithm?: unknown };
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== 'HMAC-SHA256') {
    return { ok: false, failure: 'bad_algorithm' };
  }
  return { ok: true, payload: data as Record<string, unknown> };
}

/** How far a signed `issued_at` may run ahead of our clock. */
export const FACEBOOK_FUTURE_SKEW_SECONDS = 300;

/** An `issued_at` (seconds) missing, older than `maxAgeSeconds`, or too far ahead of now. */
export function isStaleIssuedAt(issuedAt: unknown, nowMs: number, maxAgeSeconds: number): boolean {
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return true;
  const now = nowMs / 1000;
  return issuedAt > now + FACEBOOK_FUTURE_SKEW_SECONDS || now - issuedAt > maxAgeSeconds;
}
