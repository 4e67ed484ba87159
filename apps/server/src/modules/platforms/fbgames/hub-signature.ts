import { createHmac } from 'node:crypto';
import { equalInConstantTime } from '../../../lib/constant-time.js';

/**
 * Meta's webhook signature (platform-protocols.md §12): `X-Hub-Signature-256: sha256=<hex
 * HMAC-SHA256(app secret, raw body)>`, over the bytes as sent, never a re-serialized body.
 */
export function hubSignature(raw: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
}

/** Whether the header matches the body under any current app secret (constant-time compare). */
export function hubSignatureValid(raw: Buffer, header: string, secrets: readonly string[]): boolean {
  if (!/^sha256=[0-9a-f]{64}$/.test(header)) return false;
  return secrets.some((secret) => equalInConstantTime(header, hubSignature(raw, secret)));
}
