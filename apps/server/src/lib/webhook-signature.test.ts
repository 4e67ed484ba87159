import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

/** security.md §8a vector (Stripe's scheme, which fxid's webhooks share). */
const SECRET = 'whsec_test_secret';
const BODY = '{"id":"evt_test_1","object":"event","type":"checkout.session.completed"}';
const T = 1700000000;
const V1 = 'ca796b857b81e24d595a4c37abf88d2fafb533a32ede6ce4cfc9b0e892a35b08';

describe('webhook signatures', () => {
  it('matches the published test vector', () => {
    expect(signWebhook(SECRET, BODY, T)).toBe(`t=${T},v1=${V1}`);
    expect(verifyWebhook(`t=${T},v1=${V1}`, Buffer.from(BODY), [SECRET], T * 1000)).toEqual({ ok: true });
  });

  it('accepts any current secret and any v1 during rotation', () => {
    const header = `t=${T},v1=${'0'.repeat(64)},v1=${V1},v0=abc`;
    expect(verifyWebhook(header, Buffer.from(BODY), ['whsec_new', SECRET], T * 1000).ok).toBe(true);
  });

  it.each([
    ['no header', undefined, T, 'missing signature header'],
    ['no timestamp', `v1=${V1}`, T, 'no timestamp in signature header'],
    ['no v1', `t=${T}`, T, 'no v1 signature in signature header'],
    ['too old', `t=${T},v1=${V1}`, T + 301, 'timestamp out of tolerance'],
    ['too far ahead', `t=${T},v1=${V1}`, T - 301, 'timestamp out of tolerance'],
    ['wrong signature', `t=${T},v1=${V1.replace('c', 'd')}`, T, 'signature does not match'],
    ['uppercase hex', `t=${T},v1=${V1.toUpperCase()}`, T, 'no v1 signature in signature header'],
  ])('refuses %s', (_name, header, nowSeconds, reason) => {
    expect(verifyWebhook(header, Buffer.from(BODY), [SECRET], nowSeconds * 1000)).toEqual({ ok: false, reason });
  });

  it('refuses a re-serialized body', () => {
    const pretty = JSON.stringify(JSON.parse(BODY), null, 1);
    expect(verifyWebhook(`t=${T},v1=${V1}`, Buffer.from(pretty), [SECRET], T * 1000).ok).toBe(false);
  });
});
