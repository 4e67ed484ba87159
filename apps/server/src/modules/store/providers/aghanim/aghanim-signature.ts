import type { IncomingHttpHeaders } from 'node:http';
import { verifyWebhook, type WebhookVerdict, webhookHmac } from '../../../../lib/webhook-signature.js';

/**
 * Aghanim's webhook signature (platform-protocols.md §8): `x-aghanim-signature` is
 * hex( HMAC-SHA256(webhook secret, "<x-aghanim-signature-timestamp>.<raw body>") ), the same
 * construction as Stripe's v1, so it is checked by the shared verifier (constant time, every
 * secret while one rotates, timestamp within 300 s either way: Aghanim states no window).
 */
export function aghanimSignatureHeaders(rawBody: string | Buffer, secret: string, timestampSeconds: number) {
  return {
    'x-aghanim-signature': webhookHmac(secret, timestampSeconds, rawBody),
    'x-aghanim-signature-timestamp': String(timestampSeconds),
  };
}

export function verifyAghanimSignature(
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  secrets: readonly string[],
  nowMs: number,
): WebhookVerdict {
  const signature = headers['x-aghanim-signature'];
  const timestamp = headers['x-aghanim-signature-timestamp'];
  if (typeof signature !== 'string' || typeof timestamp !== 'string') {
    return { ok: false, reason: 'missing x-aghanim-signature or its timestamp' };
  }
  // Checked here so that nothing else can ride into the shared verifier's `t=…,v1=…` form.
  if (!/^[0-9a-f]{64}$/.test(signature)) return { ok: false, reason: 'x-aghanim-signature is not 64 lowercase hex' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'x-aghanim-signature-timestamp is not unix seconds' };
  return verifyWebhook(`t=${timestamp},v1=${signature}`, rawBody, secrets, nowMs);
}
