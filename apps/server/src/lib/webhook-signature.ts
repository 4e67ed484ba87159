import { createHmac } from 'node:crypto';
import { equalInConstantTime } from './constant-time.js';

/** Signed webhooks older or newer than this (seconds) are refused (security.md §8a). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The signature header of fxid's webhooks, in Stripe's scheme so that one recipe
 * serves both: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`.
 */
export function signWebhook(secret: string, body: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${webhookHmac(secret, timestampSeconds, body)}`;
}

/** hex( HMAC-SHA256(secret, "<t>.<raw body>") ): the signature of fxid's, Stripe's and Aghanim's webhooks alike. */
export function webhookHmac(secret: string, timestampSeconds: number, body: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('hex');
}

export type WebhookVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Verifies a signature header against the raw body as received: every `v1` is
 * tried against every current secret (rotation) in constant time, and the
 * timestamp must lie within the tolerance on either side of now.
 */
export function verifyWebhook(
  header: string | undefined,
  rawBody: Buffer,
  secrets: readonly string[],
  nowMs: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): WebhookVerdict {
  if (!header) return { ok: false, reason: 'missing signature header' };
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const item of header.split(',')) {
    const [key, value = ''] = item.trim().split(/=(.*)/s);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined) return { ok: false, reason: 'no timestamp in signature header' };
  if (signatures.length === 0) return { ok: false, reason: 'no v1 signature in signature header' };
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return { ok: false, reason: 'timestamp out of tolerance' };
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(webhookHmac(secret, timestamp, rawBody), 'hex');
    for (const given of signatures) {
      if (equalInConstantTime(given, expected)) matched = true;
    }
  }
  return matched ? { ok: true } : { ok: false, reason: 'signature does not match' };
}
