import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROOF_SKEW_SECONDS, PROOF_TTL_SECONDS, signGameUidProof, verifyGameUidProof } from './game-uid-proof.js';

const SECRET = 'sky-runner-secret-0123456789';
const NOW_MS = Date.UTC(2026, 10, 23, 12);
const IAT = NOW_MS / 1000;

const flipFirstSignatureChar = (proof: string) => {
  const at = proof.lastIndexOf('.') + 1;
  return `${proof.slice(0, at)}${proof[at] === 'A' ? 'B' : 'A'}${proof.slice(at + 1)}`;
};

describe('GameUid proof', () => {
  it('is the documented HMAC, recomputed independently', () => {
    const text = `fxid-game-uid-proof:v1\nsky-runner\nplayer-42\n${IAT}`;
    const expected = createHmac('sha256', SECRET).update(text).digest('base64url');
    expect(signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT)).toBe(`v1.${IAT}.${expected}`);
  });

  it('accepts a fresh proof with any current secret (rotation)', () => {
    const proof = signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT);
    expect(verifyGameUidProof(proof, [SECRET], 'sky-runner', 'player-42', NOW_MS)).toBe(true);
    expect(verifyGameUidProof(proof, ['new-secret-0123456789', SECRET], 'sky-runner', 'player-42', NOW_MS)).toBe(true);
  });

  it.each([
    ['another player', () => signGameUidProof(SECRET, 'sky-runner', 'player-43', IAT)],
    ['another game', () => signGameUidProof(SECRET, 'gem-garden', 'player-42', IAT)],
    ['another secret', () => signGameUidProof('other-secret-0123456789', 'sky-runner', 'player-42', IAT)],
    ['a stale proof', () => signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT - PROOF_TTL_SECONDS - 1)],
    ['a future proof', () => signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT + PROOF_SKEW_SECONDS + 1)],
    [
      'a changed issue time',
      () => signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT).replace(`${IAT}`, `${IAT - 1}`),
    ],
    ['a flipped character', () => flipFirstSignatureChar(signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT))],
    ['another version', () => signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT).replace(/^v1/, 'v2')],
    ['no signature', () => `v1.${IAT}.`],
  ])('refuses %s', (_name, make) => {
    const proof = make();
    // A flip that happens to leave the proof unchanged would prove nothing.
    expect(proof).not.toBe(signGameUidProof(SECRET, 'sky-runner', 'player-42', IAT));
    expect(verifyGameUidProof(proof, [SECRET], 'sky-runner', 'player-42', NOW_MS)).toBe(false);
  });

  it('accepts proofs at the edges of the window', () => {
    const old = signGameUidProof(SECRET, 'sky-runner', 'p', IAT - PROOF_TTL_SECONDS);
    const ahead = signGameUidProof(SECRET, 'sky-runner', 'p', IAT + PROOF_SKEW_SECONDS);
    expect(verifyGameUidProof(old, [SECRET], 'sky-runner', 'p', NOW_MS)).toBe(true);
    expect(verifyGameUidProof(ahead, [SECRET], 'sky-runner', 'p', NOW_MS)).toBe(true);
  });

  it('refuses everything when the game has no secret', () => {
    const proof = signGameUidProof(SECRET, 'sky-runner', 'p', IAT);
    expect(verifyGameUidProof(proof, [], 'sky-runner', 'p', NOW_MS)).toBe(false);
  });
});
