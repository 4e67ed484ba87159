import { validate, version } from 'uuid';
import { describe, expect, it, vi } from 'vitest';
import { newId } from './ids.js';

describe('newId', () => {
  it('makes distinct UUIDv7s that sort in the order they were made, within one millisecond too', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps the order when the clock stands still or steps back', () => {
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2030, 0, 1));
    try {
      const first = [newId(), newId()];
      clock.mockReturnValue(Date.UTC(2029, 0, 1));
      const after = [newId(), newId()];
      const ids = [...first, ...after];
      expect([...ids].sort()).toEqual(ids);
      // The time bits are the latest millisecond seen, not the clock's earlier one.
      expect(after[1]?.slice(0, 13)).toBe(first[0]?.slice(0, 13));
    } finally {
      clock.mockRestore();
    }
  });
});
