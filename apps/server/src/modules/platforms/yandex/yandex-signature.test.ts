import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyYandexSignature, yandexSignature } from './yandex-signature.js';

/** security.md §5 test vector [vec ✓]: key t0p$ecret. */
const VECTOR_KEY = 't0p$ecret';
const VECTOR =
  'hQ8adIRJWD29Nep+0P36Z6edI5uzj6F3tddz6Dqgclk=.eyJhbGdvcml0aG0iOiJITUFDLVNIQTI1NiIsImlzc3VlZEF0IjoxNTcxMjMzMzcxLCJyZXF1ZXN0UGF5bG9hZCI6InF3ZSIsImRhdGEiOnsidG9rZW4iOiJkODVhZTBiMS05MTY2LTRmYmItYmIzOC02ZDJhNGNhNDQxNmQiLCJzdGF0dXMiOiJ3YWl0aW5nIiwiZXJyb3JDb2RlIjoiIiwiZXJyb3JEZXNjcmlwdGlvbiI6IiIsInVybCI6Imh0dHBzOi8veWFuZGV4LnJ1L2dhbWVzL3Nkay9wYXltZW50cy90cnVzdC1mYWtlLmh0bWwiLCJwcm9kdWN0Ijp7ImlkIjoibm9hZHMiLCJ0aXRsZSI6ItCR0LXQtyDRgNC10LrQu9Cw0LzRiyIsImRlc2NyaXB0aW9uIjoi0J7RgtC60LvRjtGH0LjRgtGMINGA0LXQutC70LDQvNGDINCyINC40LPRgNC1IiwicHJpY2UiOnsiY29kZSI6IlJVUiIsInZhbHVlIjoiNDkifSwiaW1hZ2VQcmVmaXgiOiJodHRwczovL2F2YXRhcnMubWRzLnlhbmRleC5uZXQvZ2V0LWdhbWVzLzE4OTI5OTUvMmEwMDAwMDE2ZDFjMTcxN2JkN2EwMTQ5Y2NhZGM4NjA3OGExLyJ9fX0=';

describe('Yandex signed data (security.md §5)', () => {
  it('verifies the published vector: token, product noads, price RUR 49', () => {
    const verdict = verifyYandexSignature(VECTOR, [VECTOR_KEY]);
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(verdict.payload).toMatchObject({
      algorithm: 'HMAC-SHA256',
      issuedAt: 1571233371,
      requestPayload: 'qwe',
      data: {
        token: 'd85ae0b1-9166-4fbb-bb38-6d2a4ca4416d',
        product: { id: 'noads', price: { code: 'RUR', value: '49' } },
      },
    });
  });

  it('refuses an HMAC over the base64 text instead of the decoded bytes (row 13)', () => {
    const data = VECTOR.split('.')[1] ?? '';
    const overText = createHmac('sha256', VECTOR_KEY).update(data).digest('base64');
    expect(verifyYandexSignature(`${overText}.${data}`, [VECTOR_KEY])).toEqual({ ok: false, failure: 'bad_sign' });
  });

  it('refuses another key, a flipped sign, tampered data, base64url and stray shapes', () => {
    expect(verifyYandexSignature(VECTOR, ['another-games-key'])).toEqual({ ok: false, failure: 'bad_sign' });
    const [sign = '', data = ''] = VECTOR.split('.');
    const flipped = `${sign[0] === 'h' ? 'i' : 'h'}${sign.slice(1)}.${data}`;
    expect(verifyYandexSignature(flipped, [VECTOR_KEY])).toEqual({ ok: false, failure: 'bad_sign' });
    const json = Buffer.from(data, 'base64').toString('utf8').replace('"49"', '"1"');
    const tampered = `${sign}.${Buffer.from(json).toString('base64')}`;
    expect(verifyYandexSignature(tampered, [VECTOR_KEY])).toEqual({ ok: false, failure: 'bad_sign' });
    const urlSafe = VECTOR.replaceAll('+', '-').replaceAll('/', '_');
    expect(verifyYandexSignature(urlSafe, [VECTOR_KEY])).toEqual({ ok: false, failure: 'malformed' });
    for (const bad of ['', '.', 'abc', `${VECTOR}.x`, `${sign}.`]) {
      expect(verifyYandexSignature(bad, [VECTOR_KEY]).ok).toBe(false);
    }
  });

  it('checks against every current key (rotation) and wants HMAC-SHA256', () => {
    const signed = yandexSignature({ algorithm: 'HMAC-SHA256', issuedAt: 1, data: { uniqueID: 'a' } }, 'key-new');
    expect(verifyYandexSignature(signed, ['key-old', 'key-new']).ok).toBe(true);
    const other = yandexSignature({ algorithm: 'none', issuedAt: 1, data: {} }, 'key-new');
    expect(verifyYandexSignature(other, ['key-new'])).toEqual({ ok: false, failure: 'bad_algorithm' });
  });
});
