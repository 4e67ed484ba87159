import { describe, expect, it } from 'vitest';
import { lightFormSignature, notificationSignature, verifyNotification } from './moneymailru-signature.js';

const SECRET = 'secret_key';
const OFFICIAL = {
  type: 'INVOICE',
  status: 'PAID',
  item_number: '123456',
  issuer_id: 'aBcDeF012',
  serial: '111',
  auth_method: 'SHA',
};

describe("Money.Mail.Ru's signatures (platform-protocols.md §7b, vectors V9–V11)", () => {
  it('signs the payment form over cp1251 values with the hashed secret (V9)', () => {
    const fields = {
      currency: 'RUR',
      description: 'Заказ',
      issuer_id: '543-TSH',
      message: 'Покупка',
      shop_id: '12345',
      sum: '10.00',
    };
    expect(lightFormSignature(fields, SECRET)).toBe('93e6332ab1e719b2e6244ffe0ab12045349f425f');
  });

  it('signs notifications with the secret itself: the official example and a base64 issuer_id (V10, V11)', () => {
    expect(notificationSignature(Object.entries(OFFICIAL), SECRET)).toBe('ffc4ca62571508a35e6548696039749da3349362');
    expect(notificationSignature(Object.entries({ ...OFFICIAL, issuer_id: 'NTQzLVRTSA==' }), SECRET)).toBe(
      '62994d92ca50f9bd626acf82f2b6a25affbd5ae9',
    );
  });

  it('verifies the raw form body in constant time against every current secret', () => {
    const body = new URLSearchParams({ ...OFFICIAL, signature: 'ffc4ca62571508a35e6548696039749da3349362' }).toString();
    expect(verifyNotification(body, ['another-secret-of-16+', SECRET])).toMatchObject({ ok: true });
    expect(verifyNotification(body, ['another-secret-of-16+'])).toMatchObject({ ok: false, code: 'S0003' });
    expect(verifyNotification(body.replace('status=PAID', 'status=PAID&status=PAID'), [SECRET])).toMatchObject({
      ok: false,
      code: 'S0002',
    });
    expect(verifyNotification(body.replace('auth_method=SHA', 'auth_method=MD5'), [SECRET])).toMatchObject({
      ok: false,
      code: 'S0003',
    });
    expect(verifyNotification(body.replace('serial=111', 'serial=112'), [SECRET])).toMatchObject({
      ok: false,
      code: 'S0003',
    });
    expect(verifyNotification(body.replace('ffc4', 'FFC4'), [SECRET])).toMatchObject({ ok: false, code: 'S0003' });
  });
});
