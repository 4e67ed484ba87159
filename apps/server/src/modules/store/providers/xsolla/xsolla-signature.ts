import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { equalInConstantTime } from '../../../../lib/constant-time.js';

/** Xsolla's header: `Authorization: Signature <40 lowercase hex>` (security.md §8d, the PHP SDK's regex). */
const SIGNATURE_HEADER = /^Signature ([0-9a-f]{40})$/;

/** Xsolla's webhook signature: plain SHA-1 over the raw body followed by the project's secret key (not an HMAC). */
export function xsollaSignature(rawBody: Buffer | string, secret: string): string {
  return createHash('sha1').update(rawBody).update(secret).digest('hex');
}

/** The Authorization header Xsolla sends with a notification. */
export function xsollaAuthorization(rawBody: Buffer | string, secret: string): string {
  return `Signature ${xsollaSignature(rawBody, secret)}`;
}

/** Whether the notification's Authorization header signs these bytes with one of the secrets (constant time). */
export function verifyXsollaSignature(
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  secrets: readonly string[],
): { ok: true } | { ok: false; reason: string } {
  const header = headers.authorization;
  if (typeof header !== 'string' || header === '') return { ok: false, reason: 'missing Authorization header' };
  const given = SIGNATURE_HEADER.exec(header)?.[1];
  if (!given) return { ok: false, reason: 'Authorization is not `Signature <sha1 hex>`' };
  const matches = secrets.some((secret) => equalInConstantTime(xsollaSignature(rawBody, secret), given));
  return matches ? { ok: true } : { ok: false, reason: 'signature does not match' };
}
