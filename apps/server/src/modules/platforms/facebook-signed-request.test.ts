import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { facebookSignedRequest, isStaleIssuedAt, verifyFacebookSignedRequest } from './facebook-signed-request.js';

/** security.md §4a and §12 row 12. */
describe("Facebook's signed_request", () => {
  const MINIFB_VECTOR =
    'vlXgu64BQGFSQrY0ZcJBZASMvYvTHu9GQ0YM9rjPSso.eyJhbGdvcml0aG0iOiJITUFDLVNIQTI1NiIsIjAiOiJwYXlsb2FkIn0';
  const SELF_VECTOR =
    '4I6v4a0meYOdBx0jew_4dnEQDo3b605iHL_hCXJKREg.eyJhbGdvcml0aG0iOiJITUFDLVNIQTI1NiIsImlzc3VlZF9hdCI6MTcwMDAwMDAwMCwidXNlcl9pZCI6IjEyMyJ9';

  it("verifies Facebook's published vector and the self-generated one", () => {
    expect(verifyFacebookSignedRequest(MINIFB_VECTOR, ['secret'])).toEqual({
      ok: true,
      payload: { algorithm: 'HMAC-SHA256', 0: 'payload' },
    });
    expect(verifyFacebookSignedRequest(SELF_VECTOR, ['test_app_secret'])).toEqual({
      ok: true,
      payload: { algorithm: 'HMAC-SHA256', issued_at: 1700000000, user_id: '123' },
    });
  });

  it('signs what it verifies, and accepts any current secret during rotation', () => {
    const signed = facebookSignedRequest({ algorithm: 'HMAC-SHA256', user_id: '7' }, 'new-secret');
    expect(verifyFacebookSignedRequest(signed, ['old-secret', 'new-secret'])).toMatchObject({ ok: true });
  });

  it('refuses another secret, a flipped signature character and a tampered payload', () => {
    expect(verifyFacebookSignedRequest(MINIFB_VECTOR, ['other'])).toEqual({ ok: false, failure: 'bad_sign' });
    const flipped = `${MINIFB_VECTOR[0] === 'a' ? 'b' : 'a'}${MINIFB_VECTOR.slice(1)}`;
    expect(verifyFacebookSignedRequest(flipped, ['secret'])).toEqual({ ok: false, failure: 'bad_sign' });
    const [sig] = SELF_VECTOR.split('.');
    const tampered = `${sig}.${Buffer.from(
      JSON.stringify({ algorithm: 'HMAC-SHA256', issued_at: 1700000000, user_id: '124' }),
    ).toString('base64url')}`;
    expect(verifyFacebookSignedRequest(tampered, ['test_app_secret'])).toEqual({ ok: false, failure: 'bad_sign' });
  });

  it('refuses an algorithm other than HMAC-SHA256, even when correctly signed', () => {
    for (const algorithm of ['none', 'HMAC-SHA1', undefined]) {
      const signed = facebookSignedRequest({ algorithm, user_id: '1' }, 'secret');
      expect(verifyFacebookSignedRequest(signed, ['secret'])).toEqual({ ok: false, failure: 'bad_algorithm' });
    }
    const lower = facebookSignedRequest({ algorithm: 'hmac-sha256', user_id: '1' }, 'secret');
    expect(verifyFacebookSignedRequest(lower, ['secret'])).toMatchObject({ ok: true });
  });

  it('refuses three parts, an empty half, a short signature and an HMAC over the decoded JSON', () => {
    expect(verifyFacebookSignedRequest(`${MINIFB_VECTOR}.extra`, ['secret'])).toMatchObject({ ok: false });
    expect(verifyFacebookSignedRequest(`.${MINIFB_VECTOR.split('.')[1]}`, ['secret'])).toMatchObject({ ok: false });
    expect(verifyFacebookSignedRequest('abc.def', ['secret'])).toEqual({ ok: false, failure: 'malformed' });
    const json = JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: '1' });
    const overJson = createHmac('sha256', 'secret').update(json).digest('base64url');
    const wrong = `${overJson}.${Buffer.from(json).toString('base64url')}`;
    expect(verifyFacebookSignedRequest(wrong, ['secret'])).toEqual({ ok: false, failure: 'bad_sign' });
  });

  it('ages issued_at: missing, too old and too far ahead are stale', () => {
    const now = 1_700_000_000_000;
    expect(isStaleIssuedAt(1_700_000_000 - 10, now, 3600)).toBe(false);
    expect(isStaleIssuedAt(1_700_000_000 - 3601, now, 3600)).toBe(true);
    expect(isStaleIssuedAt(1_700_000_000 + 301, now, 3600)).toBe(true);
    expect(isStaleIssuedAt(undefined, now, 3600)).toBe(true);
  });
});
