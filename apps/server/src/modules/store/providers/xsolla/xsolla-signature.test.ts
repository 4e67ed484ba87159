import { describe, expect, it } from 'vitest';
import { verifyXsollaSignature, xsollaSignature } from './xsolla-signature.js';

describe("Xsolla's webhook signature (security.md §8d)", () => {
  const body = '{"notification_type":"payment","transaction":{"id":1,"external_id":"order_1"}}';

  it('is SHA-1 over the body followed by the secret, as the reference vector says', () => {
    expect(xsollaSignature(body, 'xsolla_secret')).toBe('bba76d5e87a4761d8a04f3068aa6c686a2c2abef');
  });

  it('accepts the header Xsolla sends and refuses every other form of it', () => {
    const good = `Signature ${xsollaSignature(body, 'xsolla_secret')}`;
    const check = (authorization?: string) =>
      verifyXsollaSignature(Buffer.from(body), authorization ? { authorization } : {}, ['other', 'xsolla_secret']).ok;
    expect(check(good)).toBe(true);
    expect(check(undefined)).toBe(false);
    expect(check(good.toUpperCase().replace('SIGNATURE', 'Signature'))).toBe(false);
    expect(check(good.replace('Signature', 'signature'))).toBe(false);
    expect(check(`${good} `)).toBe(false);
    expect(check(`Signature ${xsollaSignature(body, 'not_ours')}`)).toBe(false);
    expect(check(`Signature ${xsollaSignature(`${body} `, 'xsolla_secret')}`)).toBe(false);
  });
});
