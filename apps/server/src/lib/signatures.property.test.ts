import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PROOF_SKEW_SECONDS,
  PROOF_TTL_SECONDS,
  signGameServerProof,
  verifyGameServerProof,
} from './game-server-proof.js';
import { signWebhook, verifyWebhook, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature.js';

const secret = fc.string({ minLength: 1, maxLength: 64 });
/** Any text, astral and lone-surrogate code units included; it travels as UTF-8. */
const text = fc.string({ unit: 'binary', maxLength: 300 });
const body = fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes));
/** Unix seconds within the next few centuries. */
const seconds = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 });

/** Changes one byte of a buffer (always to a different value). */
const tampered = (original: Buffer, index: number, delta: number) => {
  const copy = Buffer.from(original);
  const at = index % copy.length;
  copy[at] = ((copy[at] ?? 0) + delta) % 256;
  return copy;
};

describe('webhook signatures (t=…,v1=…), for any secret, body and time', () => {
  it('verify what they signed, anywhere inside the tolerance, with the secret anywhere in the rotation', () => {
    fc.assert(
      fc.property(
        secret,
        text,
        seconds,
        fc.integer({ min: -WEBHOOK_TOLERANCE_SECONDS, max: WEBHOOK_TOLERANCE_SECONDS }),
        fc.array(secret, { maxLength: 3 }),
        (key, payload, t, drift, others) => {
          const header = signWebhook(key, payload, t);
          // The receiver sees the raw UTF-8 bytes the sender's string became.
          const rotation = [...others, key];
          expect(verifyWebhook(header, Buffer.from(payload), rotation, (t + drift) * 1000)).toEqual({ ok: true });
        },
      ),
    );
  });

  it('refuse a body with any byte changed, another secret, or a time outside the tolerance', () => {
    fc.assert(
      fc.property(
        secret,
        secret,
        text.filter((payload) => payload.length > 0),
        seconds,
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        fc.integer({ min: WEBHOOK_TOLERANCE_SECONDS + 1, max: 10 ** 6 }),
        (key, other, payload, t, index, delta, late) => {
          const header = signWebhook(key, payload, t);
          const sent = Buffer.from(payload);
          expect(verifyWebhook(header, tampered(sent, index, delta), [key], t * 1000).ok).toBe(false);
          if (other !== key) expect(verifyWebhook(header, sent, [other], t * 1000).ok).toBe(false);
          expect(verifyWebhook(header, sent, [key], (t + late) * 1000).ok).toBe(false);
          expect(verifyWebhook(header, sent, [key], (t - late) * 1000).ok).toBe(false);
        },
      ),
    );
  });

  it('never throw on any header text, and accept none without the secret', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), body, seconds, (header, raw, t) => {
        expect(verifyWebhook(header, raw, ['the-real-secret'], t * 1000).ok).toBe(false);
      }),
    );
  });
});

describe('game-server proofs (v1.iat.mac), for any secret, text and time', () => {
  it('verify within the TTL and skew, and not outside them', () => {
    fc.assert(
      fc.property(
        secret,
        text,
        seconds,
        fc.integer({ min: -PROOF_SKEW_SECONDS, max: PROOF_TTL_SECONDS }),
        fc.integer({ min: 1, max: 10 ** 6 }),
        (key, words, iat, age, beyond) => {
          const bound = (at: number) => `${words}|${at}`;
          const proof = signGameServerProof(key, bound, iat);
          expect(verifyGameServerProof(proof, [key], bound, (iat + age) * 1000)).toBe(true);
          expect(verifyGameServerProof(proof, [key], bound, (iat + PROOF_TTL_SECONDS + beyond) * 1000)).toBe(false);
          expect(verifyGameServerProof(proof, [key], bound, (iat - PROOF_SKEW_SECONDS - beyond) * 1000)).toBe(false);
        },
      ),
    );
  });

  it('refuse another secret, another text, and any changed character of the proof', () => {
    fc.assert(
      fc.property(secret, secret, text, text, seconds, fc.nat(), (key, other, words, otherWords, iat, index) => {
        const bound = (at: number) => `${words}|${at}`;
        const proof = signGameServerProof(key, bound, iat);
        const now = iat * 1000;
        if (other !== key) expect(verifyGameServerProof(proof, [other], bound, now)).toBe(false);
        if (otherWords !== words) {
          expect(verifyGameServerProof(proof, [key], (at) => `${otherWords}|${at}`, now)).toBe(false);
        }
        const at = index % proof.length;
        const replacement = proof[at] === 'A' ? 'B' : 'A';
        const changed = `${proof.slice(0, at)}${replacement}${proof.slice(at + 1)}`;
        // A changed issue time may still be a valid number: then the MAC no longer matches it.
        expect(verifyGameServerProof(changed, [key], bound, now)).toBe(false);
      }),
    );
  });
});
