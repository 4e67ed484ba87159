import { ANALYTICS_PLATFORM_WEB } from '../../../entities/analytics/session';
import type { TrackBatch } from '../../../entities/analytics/track';

export type AnalyticsEvent = TrackBatch['Events'][number];

// The contract's value (packages/contract/src/analytics.ts), kept here so the player
// chunk does not pull the contract's schemas in; a test holds them equal.
/** The most events one track call may carry. */
export const ANALYTICS_MAX_EVENTS = 100;

export interface AnalyticsBatcherOptions {
  /** Sends one batch; `keepalive` is set when the page is going away. */
  send(batch: TrackBatch, options: { keepalive: boolean }): Promise<void>;
  sessionId: string;
  buildId: string;
  /** Where failures go; the game never sees them. */
  log(message: string, error: unknown): void;
  /** How long an event may wait before its batch is sent. Default 5 s. */
  flushMs?: number;
  /** A batch this large is sent at once. Default 20 (the server takes up to 100). */
  maxBatch?: number;
  /** Events beyond this many waiting are dropped, oldest first. Default 500. */
  maxQueued?: number;
  /** The window whose pagehide flushes with keepalive; none in tests that do not want it. */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface AnalyticsBatcher {
  /** Queues an event; never throws. */
  track(event: AnalyticsEvent): void;
  /** Sends everything queued now. */
  flush(options?: { keepalive?: boolean }): Promise<void>;
  /** Sends what is left (with keepalive) and stops listening. */
  dispose(): void;
}

/**
 * Collects analytics events and sends them in batches: when `maxBatch` are waiting,
 * `flushMs` after the first one queued, and on pagehide with `fetch` keepalive so the
 * last events survive the page. A failed batch is logged and dropped, never retried
 * into a loop and never thrown at the caller.
 */
export function createAnalyticsBatcher(options: AnalyticsBatcherOptions): AnalyticsBatcher {
  const flushMs = options.flushMs ?? 5000;
  const maxBatch = Math.min(options.maxBatch ?? 20, ANALYTICS_MAX_EVENTS);
  const maxQueued = options.maxQueued ?? 500;
  const queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;

  const sendBatch = async (events: AnalyticsEvent[], keepalive: boolean) => {
    try {
      await options.send(
        { SessionId: options.sessionId, Platform: ANALYTICS_PLATFORM_WEB, BuildId: options.buildId, Events: events },
        { keepalive },
      );
    } catch (error) {
      options.log(`analytics: ${events.length} event(s) not sent`, error);
    }
  };

  const flush = async ({ keepalive = false }: { keepalive?: boolean } = {}) => {
    clearTimeout(timer);
    timer = undefined;
    const sends: Promise<void>[] = [];
    while (queue.length > 0) sends.push(sendBatch(queue.splice(0, maxBatch), keepalive));
    await Promise.all(sends);
  };

  const onPageHide = () => {
    void flush({ keepalive: true });
  };
  options.target?.addEventListener('pagehide', onPageHide);

  return {
    track(event) {
      try {
        if (disposed) return;
        queue.push(event);
        if (queue.length > maxQueued) queue.splice(0, queue.length - maxQueued);
        if (queue.length >= maxBatch) void flush();
        else timer ??= setTimeout(() => void flush(), flushMs);
      } catch (error) {
        options.log('analytics: event not queued', error);
      }
    },
    flush,
    dispose() {
      if (disposed) return;
      disposed = true;
      options.target?.removeEventListener('pagehide', onPageHide);
      void flush({ keepalive: true });
    },
  };
}
