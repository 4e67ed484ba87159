import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * SQLite's `synchronous = full` fsyncs the WAL inside every COMMIT, and better-sqlite3 runs
 * COMMIT on the event loop: each commit stopped the whole server for one fsync (0.5–2 ms here),
 * so commits per second were capped at one over the fsync time whatever the load. Group commit
 * keeps the same promise off the event loop: SQLite commits with `synchronous = normal` (the WAL
 * written, not synced), and the statement or transaction that committed does not return to
 * its caller until one fsync of the WAL file, run on libuv's thread pool, has covered it.
 * Commits made while an fsync runs share the next one.
 *
 * Nothing another request could act on is seen before it is on disk either: every use of the
 * connection (reads too) returns only once all commits made so far are synced, so a reply, an
 * outbox claim or a webhook never rests on a commit a power cut could take back. When nothing
 * is waiting to be synced (a quiet server, or reads between bursts) nothing waits. This holds
 * within the process; another process reading the file (an operator command) may see a commit
 * up to one fsync early. A SQLite file serves one server process (README, Topologies).
 */
export interface WalSync {
  /** Resolves once every commit made before the call is on disk. */
  durable(): Promise<void>;
  /** Notes that a statement may have written (a commit, or a write outside a transaction). */
  wrote(): void;
  /** Resolves once no fsync is running (at once when none is). */
  idle(): Promise<void>;
  /** Waits for an fsync under way, then lets the file go (closing the database). */
  close(): Promise<void>;
}

/** What fsyncs a file: `sync` (often), then `close` once. */
export interface FileSync {
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * fsyncs the file at `path` once it exists, and its folder the first time (SQLite creates the
 * WAL at the first write). The file stays open between fsyncs: SQLite keeps one WAL file (reset
 * and reused, never replaced) while a connection holds the database, and the server holds its
 * connection until it closes.
 */
export function fsyncFile(path: string): FileSync {
  let file: FileHandle | undefined;
  let closed = false;
  return {
    async sync() {
      // After the database closed (its close checkpointed and synced the WAL): nothing left to sync.
      if (closed) return;
      if (!file) {
        try {
          file = await open(path, 'r+');
        } catch (error) {
          // No WAL yet: nothing has been written since the database was opened.
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        const folder = await open(dirname(path), 'r');
        try {
          await folder.sync();
        } finally {
          await folder.close();
        }
      }
      await file.sync();
    },
    async close() {
      closed = true;
      await file?.close();
      file = undefined;
    },
  };
}

const noop = () => {};

/** Counts commits and runs one `sync` at a time for all those made before it began. */
export function createWalSync(file: FileSync): WalSync {
  /** Commits made so far, and how many of them are known to be on disk. */
  let written = 0;
  let synced = 0;
  let running: Promise<void> | undefined;
  const waiters: Array<{ upTo: number; resolve: () => void; reject: (error: unknown) => void }> = [];

  function start(): void {
    if (running || waiters.length === 0) return;
    const upTo = written;
    running = file.sync().then(
      () => {
        synced = Math.max(synced, upTo);
        settleWaiters((waiter) => waiter.resolve());
      },
      // The commits are in the file but may not be on disk: their callers hear it, none is told "done".
      (error: unknown) => settleWaiters((waiter) => waiter.reject(error), upTo),
    );
    void running.finally(() => {
      running = undefined;
      start();
    });
  }

  function settleWaiters(settle: (waiter: (typeof waiters)[number]) => void, upTo = synced): void {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i];
      if (waiter && waiter.upTo <= upTo) {
        waiters.splice(i, 1);
        settle(waiter);
      }
    }
  }

  return {
    durable() {
      if (synced >= written) return Promise.resolve();
      return new Promise((resolve, reject) => {
        waiters.push({ upTo: written, resolve, reject });
        start();
      });
    },
    wrote() {
      written++;
    },
    idle() {
      return running ? running.then(noop, noop) : Promise.resolve();
    },
    async close() {
      await running;
      await file.close();
    },
  };
}
