import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../../test/databases.js';
import { createOutboxRunner, enqueue, MAX_ATTEMPTS, retryDelay } from './outbox.js';
import { listJobs, retryJob } from './outbox-admin.js';
import { claimJobs, listDueJobs } from './outbox-repository.js';

const LEASE_MS = 60_000;

describeEachEngine('outbox claims and failures', (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    await migrateToLatest(database.handle.db);
  });
  afterEach(async () => {
    await database.drop();
  });

  it('claims due jobs in one statement, each once: a second claim of the same jobs gets none', async () => {
    const { db } = database.handle;
    for (let i = 0; i < 5; i++) await enqueue(db, 'probe', { i }, 1000);
    const ids = (await listDueJobs(db, 1000, 100)).map((job) => job.id);
    expect(ids).toHaveLength(5);
    const first = await claimJobs(db, ids, 1000 + LEASE_MS, 1000);
    expect(first.map((job) => job.id).sort()).toEqual([...ids].sort());
    expect(first.every((job) => job.attempts === 1)).toBe(true);
    expect(await claimJobs(db, ids, 2000 + LEASE_MS, 2000)).toEqual([]);
    // After the lease (a crashed worker), the jobs come back.
    expect(await claimJobs(db, ids, 1000 + 2 * LEASE_MS, 1000 + LEASE_MS)).toHaveLength(5);
  });

  if (engine === 'postgres') {
    it('skips, without waiting, jobs that another worker holds locked (FOR UPDATE SKIP LOCKED)', async () => {
      const { db } = database.handle;
      for (let i = 0; i < 4; i++) await enqueue(db, 'probe', { i }, 1000);
      const ids = (await listDueJobs(db, 1000, 100)).map((job) => job.id);
      const [locked, ...free] = ids;
      const other = database.open?.();
      if (!other || !locked) throw new Error('no second connection');
      try {
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let lockTaken!: () => void;
        const taken = new Promise<void>((resolve) => {
          lockTaken = resolve;
        });
        // Another instance in the middle of claiming one of the jobs: its row is locked.
        const holder = other.db.transaction().execute(async (trx) => {
          await sql`select id from outbox where id = ${locked} for update`.execute(trx);
          lockTaken();
          await held;
        });
        await taken;
        // Without SKIP LOCKED this statement would wait for the holder, which waits for it: a deadlock.
        const claimed = await claimJobs(db, ids, 1000 + LEASE_MS, 1000);
        release();
        await holder;
        expect(claimed.map((job) => job.id).sort()).toEqual([...free].sort());
      } finally {
        await other.db.destroy();
      }
    });
  }

  it('records jobs that end together as done in fewer writes than jobs, each of them done', async () => {
    let doneWrites = 0;
    // Counts the statements that mark jobs done (an UPDATE setting status 'done').
    const db = database.handle.db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'UpdateQueryNode' && JSON.stringify(node).includes('"value":"done"')) doneWrites++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const runner = createOutboxRunner(db, { probe: () => gate }, () => 1000, LEASE_MS, {
      concurrency: 32,
      perDestination: 32,
    });
    for (let i = 0; i < 20; i++) await enqueue(db, 'probe', { i }, 1000);
    const run = runner.runDue();
    // Every job is running (waiting at the gate); then all of them end at once.
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    expect(await run).toEqual({ done: 20, failed: 0 });
    const jobs = await listJobs(db, false);
    expect(jobs).toHaveLength(20);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
    // The first job to end is written alone; the 19 that ended meanwhile share the next write.
    expect(doneWrites).toBeGreaterThan(0);
    expect(doneWrites).toBeLessThanOrEqual(2);
  });

  it('ends a job that keeps failing as failed with its last error; retry puts it back with fresh attempts', async () => {
    const { db } = database.handle;
    const clock = { now: 10_000 };
    let calls = 0;
    const runner = createOutboxRunner(
      db,
      {
        hook: async () => {
          calls++;
          throw new Error(`game server answered 503 (call ${calls})`);
        },
      },
      () => clock.now,
      LEASE_MS,
    );
    await enqueue(db, 'hook', { destination: 'down.example' }, clock.now);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await runner.runDue()).toEqual({ done: 0, failed: 1 });
      // Not due again before its backoff has passed.
      clock.now += retryDelay(attempt) - 1;
      expect(await runner.runDue()).toEqual({ done: 0, failed: 0 });
      clock.now += 1;
    }
    expect(await runner.runDue()).toEqual({ done: 0, failed: 0 });
    expect(calls).toBe(MAX_ATTEMPTS);
    const [failed] = await listJobs(db, true);
    expect(failed).toMatchObject({
      kind: 'hook',
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      lastError: `game server answered 503 (call ${MAX_ATTEMPTS})`,
    });
    if (!failed) return;

    expect(await retryJob(db, 'no-such-job', clock.now)).toBe(false);
    expect(await retryJob(db, failed.id, clock.now)).toBe(true);
    // Only a failed job can be retried: it is pending now.
    expect(await retryJob(db, failed.id, clock.now)).toBe(false);
    expect(await listJobs(db, true)).toEqual([]);
    expect(await runner.runDue()).toEqual({ done: 0, failed: 1 });
    expect((await listJobs(db, false))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
