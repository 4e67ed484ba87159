import { describe, expect, it, vi } from 'vitest';
import { runOnce } from './run-once';

describe('runOnce', () => {
  it('runs the work once per key and shares its result', async () => {
    const work = vi.fn(async () => 'token');
    const [a, b] = await Promise.all([runOnce('k1', work), runOnce('k1', work)]);
    expect([a, b]).toEqual(['token', 'token']);
    expect(work).toHaveBeenCalledTimes(1);
    await runOnce('k2', work);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('shares failures too, so a spent token is not tried again', async () => {
    const work = vi.fn(async () => {
      throw new Error('used');
    });
    await expect(runOnce('k3', work)).rejects.toThrow('used');
    await expect(runOnce('k3', work)).rejects.toThrow('used');
    expect(work).toHaveBeenCalledTimes(1);
  });
});
