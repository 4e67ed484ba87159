import * as contract from '@fxid/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_PLATFORM_WEB, newSessionId } from '../../../entities/analytics/session';
import type { TrackBatch } from '../../../entities/analytics/track';
import { ANALYTICS_MAX_EVENTS, type AnalyticsEvent, createAnalyticsBatcher } from './analytics-batcher';

const event = (n: number): AnalyticsEvent => ({ EventId: 781965164, CreatedAt: 1_000 + n, I1: n });

function setup(overrides: { send?: (batch: TrackBatch, options: { keepalive: boolean }) => Promise<void> } = {}) {
  const target = new EventTarget();
  const send = vi.fn(overrides.send ?? (async () => {}));
  const log = vi.fn();
  const batcher = createAnalyticsBatcher({
    send,
    log,
    sessionId: 'session-1',
    buildId: '1.6.3159',
    flushMs: 5000,
    maxBatch: 3,
    maxQueued: 5,
    target: target as unknown as Window,
  });
  return { batcher, send, log, target };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the analytics batcher', () => {
  it('holds the contract values it copies', () => {
    expect(ANALYTICS_PLATFORM_WEB).toBe(contract.ANALYTICS_PLATFORM_WEB);
    expect(ANALYTICS_MAX_EVENTS).toBe(contract.ANALYTICS_MAX_EVENTS);
  });

  it('sends the events queued within the flush time as one batch', async () => {
    const { batcher, send } = setup();
    batcher.track(event(1));
    batcher.track(event(2));
    await vi.advanceTimersByTimeAsync(4999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    const [body, options] = send.mock.calls[0] ?? [];
    expect(body).toEqual({
      SessionId: 'session-1',
      Platform: 24,
      BuildId: '1.6.3159',
      Events: [event(1), event(2)],
    });
    expect(() => contract.AnalyticsTrackRequestSchema.parse(body)).not.toThrow();
    expect(options).toEqual({ keepalive: false });
    // Nothing queued, nothing more sent.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends at once when a batch is full, and times the rest anew', async () => {
    const { batcher, send } = setup();
    for (const n of [1, 2, 3]) batcher.track(event(n));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].Events).toEqual([event(1), event(2), event(3)]);
    batcher.track(event(4));
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]?.[0].Events).toEqual([event(4)]);
  });

  it('drops the oldest events beyond the queue limit', async () => {
    const send = vi.fn(async (_batch: TrackBatch, _options: { keepalive: boolean }) => {});
    const batcher = createAnalyticsBatcher({
      send,
      log: vi.fn(),
      sessionId: 's',
      buildId: 'b',
      maxBatch: 100,
      maxQueued: 2,
    });
    for (const n of [1, 2, 3]) batcher.track(event(n));
    await batcher.flush();
    expect(send.mock.calls[0]?.[0].Events).toEqual([event(2), event(3)]);
  });

  it('sends what is left with keepalive when the page goes away', async () => {
    const { batcher, send, target } = setup();
    for (const n of [1, 2, 3, 4]) batcher.track(event(n));
    target.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]).toEqual([expect.objectContaining({ Events: [event(4)] }), { keepalive: true }]);
    batcher.dispose();
  });

  it('flushes with keepalive on dispose, then ignores events and pagehide', async () => {
    const { batcher, send, target } = setup();
    batcher.track(event(1));
    batcher.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ Events: [event(1)] }), { keepalive: true });
    batcher.track(event(2));
    target.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('logs a failed batch and carries on, never throwing to the caller', async () => {
    const failure = new Error('Network Error');
    const { batcher, send, log } = setup({
      send: async () => {
        throw failure;
      },
    });
    expect(() => batcher.track(event(1))).not.toThrow();
    await vi.advanceTimersByTimeAsync(5000);
    expect(log).toHaveBeenCalledWith('analytics: 1 event(s) not sent', failure);
    await expect(batcher.flush()).resolves.toBeUndefined();
    batcher.track(event(2));
    await vi.advanceTimersByTimeAsync(5000);
    expect(send).toHaveBeenCalledTimes(2);
    // A failed batch is not sent again.
    expect(send.mock.calls[1]?.[0].Events).toEqual([event(2)]);
  });

  it('survives a sender that throws synchronously', async () => {
    const { batcher, log } = setup({
      send: () => {
        throw new TypeError('keepalive body too large');
      },
    });
    batcher.track(event(1));
    await expect(batcher.flush({ keepalive: true })).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('makes session ids the server takes, new each time', () => {
    const id = newSessionId();
    expect(id).toMatch(/^[\w-]{1,64}$/);
    expect(newSessionId()).not.toBe(id);
  });
});
