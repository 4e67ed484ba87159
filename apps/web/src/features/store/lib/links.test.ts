import { describe, expect, it } from 'vitest';
import { ProblemError } from '../../../shared/api/problem';
import { formatMinor, isOrderLinkToken, linkFailure, navigableUrl } from './links';

const BASE = 'https://portal.example/Store/ContinueWithPI?Token=x';
const refusal = (status: number, ErrorCode?: string, Field?: string) =>
  new ProblemError({
    type: 'about:blank',
    title: 'Refused',
    status,
    detail: '',
    ...(ErrorCode ? { ErrorCode } : {}),
    ...(Field ? { L10NParam: { Field } } : {}),
  });

describe('store links', () => {
  it('only navigates to http(s) addresses, resolving relative ones', () => {
    expect(navigableUrl('/api/v1/store/sandbox/checkout/sbx_1', BASE)).toBe(
      'https://portal.example/api/v1/store/sandbox/checkout/sbx_1',
    );
    expect(navigableUrl('https://checkout.stripe.com/c/pay/cs_1', BASE)).toBe('https://checkout.stripe.com/c/pay/cs_1');
    expect(navigableUrl('http://127.0.0.1:4000/play/gem-garden', BASE)).toBe('http://127.0.0.1:4000/play/gem-garden');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:x',
      null,
      '',
    ]) {
      expect(navigableUrl(bad, BASE), String(bad)).toBeNull();
    }
    expect(navigableUrl('http://[::1', BASE)).toBeNull();
  });

  it('names what went wrong with an order link by its stable error code', () => {
    expect(linkFailure(refusal(400, 'invalid_token'))).toBe('store.linkInvalid');
    expect(linkFailure(refusal(400, 'expired_token'))).toBe('store.linkExpired');
    expect(linkFailure(refusal(400, 'validation_failed', 'body.Token'))).toBe('store.linkInvalid');
    expect(linkFailure(refusal(400, 'validation_failed', 'body.OrderPersonalInfo.Email'))).toBe('store.continueFailed');
    expect(linkFailure(refusal(409, 'conflict'))).toBe('store.orderNotAwaiting');
    expect(linkFailure(refusal(0))).toBe('store.continueFailed');
    expect(linkFailure(new Error('boom'))).toBe('store.continueFailed');
  });

  it('knows an order link token by its shape', () => {
    expect(isOrderLinkToken('aZ09_-'.repeat(8).slice(0, 43))).toBe(true);
    for (const bad of ['', 'merchant-token-1', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`]) {
      expect(isOrderLinkToken(bad), bad).toBe(false);
    }
  });

  it('formats minor units in the currency’s own precision', () => {
    expect(formatMinor(149, 'EUR', 'en')).toBe('€1.49');
    expect(formatMinor(500, 'JPY', 'en')).toBe('¥500');
  });
});
