import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../../test/databases.js';
import { createOutboxRunner, enqueue, type OutboxHandler } from './outbox.js';
import { startOutboxWorker } from './outbox-worker.js';

/** Polling would take an hour: whatever runs in these tests ran because its commit woke the worker. */
const HOUR_MS = 3_600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and the function that settles it. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

async function worker(
  handle: DatabaseHandle,
  handlers: Record<string, OutboxHandler>,
  limits = { concurrency: 32, perDestination: 2 },
): Promise<FastifyInstance> {
  const app = Fastify();
  // On PostgreSQL the worker also LISTENs, as a deployed one does.
  const databaseUrl = handle.engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const config = testConfig({
    outboxIntervalMs: HOUR_MS,
    outboxLimits: limits,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  const ctx = { config, db: handle.db, engine: handle.engine, now: Date.now } as AppContext;
  startOutboxWorker(app, ctx, handlers, handle.commits);
  await app.ready();
  return app;
}

function jobStatuses(handle: DatabaseHandle) {
  return handle.db.selectFrom('outbox').select(['status', 'attempts']).execute();
}

describeEachEngine('outbox worker', (engine) => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    await migrateToLatest(database.handle.db);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database.drop();
  });

  it('runs a job as soon as the transaction that enqueued it commits, never before', async () => {
    const { db } = database.handle;
    const ran = signal<boolean>();
    apps.push(
      await worker(database.handle, {
        // What the transaction wrote after enqueueing must be visible: the job runs after the commit.
        probe: async () => ran.resolve((await db.selectFrom('dev_mailbox').select('id').execute()).length === 1),
      }),
    );
    await db.transaction().execute(async (trx) => {
      await enqueue(trx, 'probe', {}, Date.now());
      await sleep(50);
      await trx
        .insertInto('dev_mailbox')
        .values({ id: 'm1', to_address: 'a@example.com', subject: 's', text_body: 't', html_body: '', created_at: 1 })
        .execute();
    });
    expect(await ran.promise).toBe(true);
  });

  it("hands a committed job's row to the commit's listeners, and nothing of a rolled-back one", async () => {
    const { db, commits } = database.handle;
    const heard: unknown[][] = [];
    const unsubscribe = commits.onInsert('outbox', (notes) => heard.push([...notes]));
    try {
      await expect(
        db.transaction().execute(async (trx) => {
          await enqueue(trx, 'probe', 'rolled back', 1);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      await db.transaction().execute(async (trx) => {
        await enqueue(trx, 'probe', 'first', 2);
        await enqueue(trx, 'other', 'second', 3);
        // Not before the commit.
        expect(heard).toEqual([]);
      });
      const rows = await db.selectFrom('outbox').select(['id', 'next_attempt_at', 'kind', 'payload_json']).execute();
      expect(heard).toHaveLength(1);
      expect(heard[0]).toEqual(
        [...rows]
          .sort((a, b) => Number(a.next_attempt_at) - Number(b.next_attempt_at))
          .map((row) => ({
            ...row,
            next_attempt_at: Number(row.next_attempt_at),
          })),
      );
    } finally {
      unsubscribe();
    }
  });

  it('runs once a job handed over twice (a commit note and a read that saw the row first)', async () => {
    const { db } = database.handle;
    const ran: unknown[] = [];
    const runner = createOutboxRunner(db, { probe: async (payload) => void ran.push(payload) }, Date.now);
    await enqueue(db, 'probe', 'once', Date.now());
    const [job] = await db.selectFrom('outbox').select(['id', 'next_attempt_at', 'kind', 'payload_json']).execute();
    if (!job) throw new Error('no job');
    runner.queued([job, job]);
    await Promise.all(await runner.startDue());
    expect(ran).toEqual(['once']);
    expect(await jobStatuses(database.handle)).toEqual([{ status: 'done', attempts: 1 }]);
  });

  it('runs nothing for a transaction that rolled back', async () => {
    const { db } = database.handle;
    const ran: string[] = [];
    const done = signal();
    apps.push(
      await worker(database.handle, {
        probe: async (payload) => void ran.push(String(payload)),
        other: async () => done.resolve(),
      }),
    );
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueue(trx, 'probe', 'rolled back', Date.now());
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    // A job committed after it runs at once; by then the rolled-back one would have run too.
    await enqueue(db, 'other', 'committed', Date.now());
    await done.promise;
    expect(ran).toEqual([]);
    expect(await jobStatuses(database.handle)).toHaveLength(1);
  });

  it('a slow destination holds back neither another destination nor more than its own limit', async () => {
    const { db } = database.handle;
    const release = signal();
    const fastRan = signal();
    let slowStarted = 0;
    apps.push(
      await worker(database.handle, {
        hook: async (payload) => {
          if ((payload as { destination: string }).destination === 'fast.example') return fastRan.resolve();
          slowStarted++;
          await release.promise;
        },
      }),
    );
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 6; i++) await enqueue(trx, 'hook', { destination: 'slow.example', i }, Date.now());
    });
    await db.transaction().execute(async (trx) => {
      await enqueue(trx, 'hook', { destination: 'fast.example' }, Date.now());
    });
    await fastRan.promise;
    // The fast one went through while the slow server hangs. The slow server gets its limit of
    // two deliveries (the second may start just after the fast one), and never a third.
    await expect.poll(() => slowStarted, { timeout: 5_000 }).toBe(2);
    await sleep(100);
    expect(slowStarted).toBe(2);
    release.resolve();
    for (let i = 0; i < 200 && (await jobStatuses(database.handle)).some((job) => job.status !== 'done'); i++) {
      await sleep(10);
    }
    expect(slowStarted).toBe(6);
    expect(await jobStatuses(database.handle)).toEqual(Array(7).fill({ status: 'done', attempts: 1 }));
  });

  it('runs every job exactly once with two workers and a manual run competing', async () => {
    const { db } = database.handle;
    const runs = new Map<number, number>();
    const handlers: Record<string, OutboxHandler> = {
      count: async (payload) => {
        const n = (payload as { n: number }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await sleep(n % 3);
      },
    };
    const first = await worker(database.handle, handlers, { concurrency: 8, perDestination: 8 });
    const second = await worker(database.handle, handlers, { concurrency: 8, perDestination: 8 });
    apps.push(first, second);
    const JOBS = 60;
    await Promise.all(
      Array.from({ length: JOBS }, (_, n) =>
        db.transaction().execute((trx) => enqueue(trx, 'count', { n, destination: `d${n % 4}` }, Date.now())),
      ),
    );
    await first.runOutbox();
    for (let i = 0; i < 300 && runs.size < JOBS; i++) await sleep(10);
    await first.close();
    await second.close();
    expect(runs.size).toBe(JOBS);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const statuses = await jobStatuses(database.handle);
    expect(statuses.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  });

  if (engine === 'postgres') {
    it('runs at once a job that another instance queued (LISTEN/NOTIFY)', async () => {
      const ran = signal<string>();
      apps.push(await worker(database.handle, { probe: async (payload) => ran.resolve(String(payload)) }));
      // Another instance: its own connections, its commits unseen by this process's commit signal.
      const other = database.open?.();
      if (!other) throw new Error('no second handle');
      try {
        // The worker's LISTEN connects in the background: queue until one is heard.
        let heard: string | undefined;
        for (let i = 0; i < 50 && heard === undefined; i++) {
          await other.db
            .transaction()
            .execute((trx) => enqueue(trx, 'probe', `from the other instance ${i}`, Date.now()));
          heard = await Promise.race([ran.promise, sleep(100).then(() => undefined)]);
        }
        expect(heard).toMatch(/^from the other instance/);
      } finally {
        await other.db.destroy();
      }
    });
  }
});
