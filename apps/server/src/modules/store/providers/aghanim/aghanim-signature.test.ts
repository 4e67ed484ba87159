import { describe, expect, it } from 'vitest';
import { aghanimSignatureHeaders, verifyAghanimSignature } from './aghanim-signature.js';

describe("Aghanim's webhook signature (platform-protocols.md §8, vector V13)", () => {
  const body =
    '{"event_id":"whevt_1","game_id":"gm_1","event_type":"item.add","event_time":1767268800,"event_data":{"player_id":"p_42","items":[{"sku":"gems_100","quantity":1}],"reason":"order_paid"},"idempotency_key":"ik_1","sandbox":true}';
  const at = 1767268800;

  it('is HMAC-SHA256 over "<timestamp>.<body>", as the reference vector says', () => {
    expect(aghanimSignatureHeaders(body, 'whsec_test_secret', at)).toEqual({
      'x-aghanim-signature': 'b686f48c9fc9167686d54e6db61c488d70ccfd1cb359785b324c16542f7e80ae',
      'x-aghanim-signature-timestamp': '1767268800',
    });
  });

  it('accepts the headers Aghanim sends and refuses every altered, stale or missing form', () => {
    const good = aghanimSignatureHeaders(body, 'whsec_test_secret', at);
    const check = (headers: Record<string, string>, raw = body, nowMs = at * 1000) =>
      verifyAghanimSignature(Buffer.from(raw), headers, ['older_secret', 'whsec_test_secret'], nowMs).ok;
    expect(check(good)).toBe(true);
    expect(check(good, body, (at + 300) * 1000)).toBe(true);
    expect(check(good, body, (at + 301) * 1000)).toBe(false);
    expect(check(good, body, (at - 301) * 1000)).toBe(false);
    expect(check(good, `${body} `)).toBe(false);
    expect(check({ ...good, 'x-aghanim-signature': good['x-aghanim-signature'].toUpperCase() })).toBe(false);
    expect(check({ ...good, 'x-aghanim-signature-timestamp': String(at + 1) })).toBe(false);
    expect(check({ ...good, 'x-aghanim-signature-timestamp': `${at},v1=${'0'.repeat(64)}` })).toBe(false);
    expect(check({ 'x-aghanim-signature': good['x-aghanim-signature'] })).toBe(false);
    expect(check(aghanimSignatureHeaders(body, 'not_our_secret', at))).toBe(false);
  });
});
