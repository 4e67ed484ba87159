import { describe, expect, it } from 'vitest';
import { randomBytesPooled } from './random-bytes.js';

describe('randomBytesPooled', () => {
  it('hands out bytes of the size asked, never the same bytes twice, across refills of the pool', () => {
    const seen = new Set<string>();
    // 3,000 × 32 bytes: the 4 KB pool is drawn again about 24 times.
    for (let i = 0; i < 3000; i++) {
      const bytes = randomBytesPooled(32);
      expect(bytes.length).toBe(32);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(3000);
  });

  it("gives a copy: the caller's bytes stay as they were when the pool is drawn again", () => {
    const bytes = randomBytesPooled(16);
    const before = bytes.toString('hex');
    for (let i = 0; i < 1000; i++) randomBytesPooled(16);
    expect(bytes.toString('hex')).toBe(before);
    expect(before).not.toBe('0'.repeat(32));
  });
});
