import { describe, expect, it } from 'vitest';
import { okAuthSig, okParamsSig, verifyOkCallback, verifyOkLaunch } from './ok-sign.js';

/** security.md §2 and platform-protocols.md §2 test vectors (V6). */
describe('OK signatures', () => {
  it('auth_sig matches the security.md §2a vector', () => {
    expect(okAuthSig('12345', 'sesskey', 'APPSECRET')).toBe('5143f9fe2f5c9b3c224325081dcde3a1');
  });

  it('REST sig matches the security.md §2b vector', () => {
    const params = new Map(
      Object.entries({ application_key: 'CBAXXX', format: 'json', method: 'users.getCurrentUser' }),
    );
    expect(okParamsSig(params, 'APPSECRET')).toBe('52ba09365f1e451d63635a205b0c1f3e');
  });

  const wire =
    'amount=10&application_key=CBAFJIICABABABABA&call_id=1767268800123&extra_attributes=%7B%22orderId%22%3A%22ord_42%22%7D&method=callbacks.payment&product_code=gems_100&transaction_id=1234567890123&transaction_time=2026-01-01+12%3A00%3A00&uid=576148735134&sig=ec060f09b2fcd6f83f0ec3fc41d860d6';
  const secret = '0123456789ABCDEF0123456789ABCDEF';

  it('callbacks.payment wire form verifies (V6); a flipped char, a tampered value or a repeated key do not', () => {
    const verdict = verifyOkCallback(wire, [secret]);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.params.get('extra_attributes')).toBe('{"orderId":"ord_42"}');
    expect(verifyOkCallback(wire.replace('sig=ec06', 'sig=ec07'), [secret])).toEqual({ ok: false, failure: 'bad_sig' });
    expect(verifyOkCallback(wire.replace('amount=10', 'amount=1'), [secret])).toEqual({
      ok: false,
      failure: 'bad_sig',
    });
    expect(verifyOkCallback(`${wire}&amount=10`, [secret])).toEqual({ ok: false, failure: 'duplicate_key' });
    expect(verifyOkCallback(wire.replace(/&sig=.*$/, ''), [secret])).toEqual({ ok: false, failure: 'missing_sig' });
    expect(verifyOkCallback(wire, ['other-secret', secret]).ok).toBe(true);
  });

  it('launch parameters verify by auth_sig and name the player; forged, tampered, repeated or other app do not', () => {
    const app = { publicKey: 'CBAPUBLIC', secrets: ['APPSECRET'] };
    const good = `?logged_user_id=12345&session_key=sesskey&application_key=CBAPUBLIC&auth_sig=5143f9fe2f5c9b3c224325081dcde3a1&api_server=https%3A%2F%2Fapi.ok.ru%2F`;
    expect(verifyOkLaunch(good, app)).toEqual({ ok: true, userId: '12345' });
    expect(verifyOkLaunch(good.replace('auth_sig=5', 'auth_sig=6'), app)).toEqual({ ok: false, failure: 'bad_sig' });
    expect(verifyOkLaunch(good.replace('12345', '12346'), app)).toEqual({ ok: false, failure: 'bad_sig' });
    expect(verifyOkLaunch(`${good}&logged_user_id=1`, app)).toEqual({ ok: false, failure: 'duplicate_key' });
    expect(verifyOkLaunch(good.replace('CBAPUBLIC', 'CBAOTHER'), app)).toEqual({ ok: false, failure: 'other_app' });
    expect(verifyOkLaunch(good.replace(/&auth_sig=[^&]*/, ''), app)).toEqual({ ok: false, failure: 'missing_sig' });
    expect(verifyOkLaunch(good, { ...app, secrets: ['OTHER'] })).toEqual({ ok: false, failure: 'bad_sig' });
  });
});
