import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publicKeyOf, signBank131, verifyBank131 } from './bank131-signature.js';

/** bank131/php-sdk tests/Fixtures/keys/public.pem and its signature of `{}` (platform-protocols.md V14). */
const SDK_PUBLIC_KEY = [
  '-----BEGIN PUBLIC KEY-----',
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsu4WmrCQfQRJe3l5A0cp',
  'vijEEArcfohQvi/U7Qxv0V4n8mmQOF1fzxQtwDIQ5UiKaY/QTDEJxGIBSZ6zxLWf',
  'L+OdO2UchndZ9TSsri0MAsHuk3J7qBp8XPVJTKvLH8gfaqsvcnwd3NyJn5bX5iwI',
  '28pBBNrGazWLR/sNq2xh4DkONCmX/tbd8P5kqKtIEnR9J4nRjvOkiaPnkN09Sd7/',
  'hjOLDPDNQeJTlv8hniQhJifkTd5P7/PJQdWeWYHbECV6YZ5cUgV/J6v0E6z72nEG',
  'V9Wz6jhoImEmU3gNIQuYrG8RqOQ/OXZd5LU2rfFTbVg4HTd5WWHis9o5VrhLQ8K4',
  'XQIDAQAB',
  '-----END PUBLIC KEY-----',
].join('\n');
const SDK_SIGNATURE_OF_EMPTY_OBJECT =
  'Q+euWta2W3WhIHq/t3Gkvqbvf5RztorP41mbIW21nKDDeaLw0FQuGCg4rwjN/scjFYk1+kBfP+8gau3hDm7uaUyke5Kz44UkbOMVTpZROqS/ozqHllgHp7aatEDKil9WXAYadl8PlbhzbjgeDL1hvbEUyEzfaIxrZASNX9kZ08ORBGZCg76iEJ/HI5/I+QUdI3sEBPTn4gy88sPhlm5vYH1dVlPuMEDWTW7w7zVnV0hUvGeVygyJAW5Q3KbKtdQWajQJH9dPzISfV1rfczHu4YnewkyEOASPg+HpiEJOxxeZRnUONzkavUJEaCznNApWIR0C0stlRItaN+EBNTKvUw==';

describe("Bank131's RSA-SHA256 signature (X-PARTNER-SIGN)", () => {
  it("verifies the SDK's own vector on the raw bytes, and nothing re-serialized", () => {
    const key = publicKeyOf(SDK_PUBLIC_KEY);
    expect(verifyBank131(Buffer.from('{}'), SDK_SIGNATURE_OF_EMPTY_OBJECT, [key])).toBe(true);
    expect(verifyBank131(Buffer.from('{ }'), SDK_SIGNATURE_OF_EMPTY_OBJECT, [key])).toBe(false);
    const flipped = `A${SDK_SIGNATURE_OF_EMPTY_OBJECT.slice(1)}`;
    expect(verifyBank131(Buffer.from('{}'), flipped, [key])).toBe(false);
    expect(verifyBank131(Buffer.from('{}'), 'not base64!', [key])).toBe(false);
  });

  it('signs deterministically (PKCS#1 v1.5) and verifies with any key of a rotation list', () => {
    const ours = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const body = Buffer.from('{"type":"payment_finished"}');
    const signature = signBank131(body, ours.privateKey);
    expect(signBank131(body, ours.privateKey)).toBe(signature);
    expect(verifyBank131(body, signature, [other.publicKey, ours.publicKey])).toBe(true);
    expect(verifyBank131(body, signature, [other.publicKey])).toBe(false);
  });
});
