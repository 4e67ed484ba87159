import { createHmac } from 'node:crypto';
import { signaturesEqual } from '../signing.js';

/**
 * Yandex Games signed data (security.md §5), the same for getPlayer({signed}),
 * purchase() and getPurchases(): `signature = "<sign>.<data>"`, both halves standard
 * base64; `data` decodes to JSON bytes and `sign = base64(HMAC-SHA256(secret, those
 * bytes))`: over the decoded bytes, never over the base64 text.
 */

/** The decoded JSON: `data` is a player, one purchase, or a list of purchases. */
export interface YandexSignedPayload {
  algorithm: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  requestPayload?: unknown;
  data: unknown;
}

export type YandexSignatureFailure = 'malformed' | 'bad_sign' | 'bad_algorithm';

export type YandexSignatureVerdict =
  | { ok: true; payload: YandexSignedPayload }
  | { ok: false; failure: YandexSignatureFailure };

/** Standard base64 with padding, as Yandex writes it. */
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The bytes of canonical base64 text, or undefined (other alphabets and stray bits are not Yandex's). */
function decodeBase64(text: string): Buffer | undefined {
  if (!BASE64.test(text) || text.length % 4 !== 0) return undefined;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : undefined;
}

/** The `sign` half for some JSON bytes: what Yandex computes, and what a simulator of Yandex must compute. */
export function yandexSign(message: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(message).digest('base64');
}

/** Signs a payload as Yandex does (simulator and tests): `<sign>.<base64(JSON)>`. */
export function yandexSignature(payload: YandexSignedPayload, secret: string): string {
  const message = Buffer.from(JSON.stringify(payload), 'utf8');
  return `${yandexSign(message, secret)}.${message.toString('base64')}`;
}

/**
 * Checks a signature against each current secret in constant time, then parses the
 * signed JSON; nothing in it is read before the signature matched.
 */
export function verifyYandexSignature(signature: string, secrets: readonly string[]): YandexSignatureVerdict {
  const parts = signature.trim().split('.');
  if (parts.length !== 2) return { ok: false, failure: 'malformed' };
  const [sign = '', data = ''] = parts;
  const message = decodeBase64(data);
  if (!message || !decodeBase64(sign)) return { ok: false, failure: 'malformed' };
  if (!secrets.some((secret) => signaturesEqual(sign, yandexSign(message, secret)))) {
    return { ok: false, failure: 'bad_sign' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(message.toString('utf8'));
  } catch {
    return { ok: false, failure: 'malformed' };
  }
  if (typeof payload !== 'object' || payload === null) return { ok: false, failure: 'malformed' };
  const { algorithm, issuedAt } = payload as Partial<YandexSignedPayload>;
  if (algorithm !== 'HMAC-SHA256') return { ok: false, failure: 'bad_algorithm' };
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) return { ok: false, failure: 'malformed' };
  return { ok: true, payload: payload as YandexSignedPayload };
}

/** A signed time too far from now: older than `maxAgeSeconds`, or ahead by more than the skew. */
export function isStale(issuedAtSeconds: number, nowMs: number, maxAgeSeconds: number): boolean {
  const now = nowMs / 1000;
  return issuedAtSeconds > now + YANDEX_FUTURE_SKEW_SECONDS || now - issuedAtSeconds > maxAgeSeconds;
}

/** How far a signed `issuedAt` may run ahead of our clock. */
export const YANDEX_FUTURE_SKEW_SECONDS = 300;
