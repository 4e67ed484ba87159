import pg from 'pg';
import { OUTBOX_CHANNEL } from './outbox-repository.js';

/** How long to wait before listening again after the connection dropped. */
const RECONNECT_MS = 1000;

/**
 * Listens on PostgreSQL for jobs that any instance queued (insertJob NOTIFYs on commit) and
 * calls `onJob` for each; reconnects after a dropped connection, calling `onJob` once then in
 * case a notification was missed meanwhile. Returns the function that stops listening.
 */
export function listenForJobs(url: string, onJob: () => void, onError: (error: unknown) => void): () => Promise<void> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === OUTBOX_CHANNEL) onJob();
    });
    next.on('error', (error) => {
      onError(error);
      reconnect(next);
    });
    try {
      await next.connect();
      await next.query(`listen ${OUTBOX_CHANNEL}`);
      if (stopped) await next.end();
    } catch (error) {
      onError(error);
      reconnect(next);
    }
  }

  function reconnect(broken: pg.Client): void {
    if (stopped || client !== broken) return;
    client = undefined;
    broken.end().catch(() => undefined);
    retry = setTimeout(() => {
      onJob();
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
