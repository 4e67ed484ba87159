import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatEvent } from './models.js';
import { createStatQueue, tutorialEvent, tutorialStatValue } from './stats.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('tutorialStatValue', () => {
  it('maps start to -1, completed to -2, skip to 0 and a step to its number', () => {
    expect(tutorialStatValue('start')).toBe(-1);
    expect(tutorialStatValue('completed')).toBe(-2);
    expect(tutorialStatValue('skip')).toBe(0);
    expect(tutorialStatValue(1)).toBe(1);
    expect(tutorialStatValue(7)).toBe(7);
  });

  it('refuses step numbers that would collide with the markers', () => {
    for (const step of [0, -1, 1.5, Number.NaN]) {
      expect(() => tutorialStatValue(step)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    }
  });

  it('builds the stat event', () => {
    expect(tutorialEvent('skip')).toEqual({ section: 'tutorial', type: 'tutorial', name: 'skip', value: 0 });
  });
});

describe('createStatQueue', () => {
  it('polls once per second and flushes in order once ready', async () => {
    vi.useFakeTimers();
    const send = vi.fn(async (_event: StatEvent) => {});
    const queue = createStatQueue(send, 1000);
    const first = queue.push({ section: 'a', type: 't', name: '1' });
    const second = queue.push({ section: 'a', type: 't', name: '2' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).not.toHaveBeenCalled();
    queue.ready();
    await vi.advanceTimersByTimeAsync(999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await Promise.all([first, second]);
    expect(send.mock.calls.map(([event]) => event.name)).toEqual(['1', '2']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends at once when ready and nothing waits', async () => {
    const send = vi.fn(async () => {});
    const queue = createStatQueue(send, 1000);
    queue.ready();
    await queue.push({ section: 'a', type: 't', name: 'now' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('rejects waiting events with disposed', async () => {
    vi.useFakeTimers();
    const queue = createStatQueue(async () => {}, 1000);
    const waiting = queue.push({ section: 'a', type: 't', name: 'x' });
    queue.dispose();
    await expect(waiting).rejects.toMatchObject({ code: 'disposed' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
