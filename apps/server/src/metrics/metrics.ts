import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { createRequestMetrics } from './request-metrics.js';

/** What the database says at scrape time: the same on every instance (take max, not sum). */
export interface DatabaseFigures {
  /** Outbox jobs waiting or failed, per kind, with the oldest one's creation time. */
  outbox(): Promise<Array<{ kind: string; status: string; count: number; oldest: number }>>;
  /** Order status transitions ever recorded, per from → to. */
  orderTransitions(): Promise<Array<{ from: string; to: string; count: number }>>;
}

/**
 * Every Prometheus metric of one app, in a registry of its own (several apps share a test
 * process). Counters here count what this instance did; gauges read from the database at
 * scrape time count for the whole deployment.
 */
export function createMetrics(now: () => number, figures: DatabaseFigures, pool: pg.Pool | undefined) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fxid_' });

  const request = createRequestMetrics(registry, 'fxid_http');
  const outboxRuns = new Counter({
    name: 'fxid_outbox_runs_total',
    help: 'Outbox job attempts run by this instance, by kind and outcome (done, retry, failed: out of attempts)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const signIns = new Counter({
    name: 'fxid_sign_ins_total',
    help: 'Sessions started, by sign-in method',
    labelNames: ['method'] as const,
    registers: [registry],
  });
  const webhookFailures = new Counter({
    name: 'fxid_webhook_verifications_failed_total',
    help: 'Incoming webhooks and callbacks refused for a bad signature or secret, by provider or platform',
    labelNames: ['provider'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'fxid_outbox_jobs',
    help: 'Outbox jobs waiting (pending) or out of attempts (failed), by kind; deployment-wide',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await figures.outbox()) this.set({ kind: row.kind, status: row.status }, row.count);
    },
  });
  new Gauge({
    name: 'fxid_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest waiting outbox job, by kind; deployment-wide',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await figures.outbox()) {
        if (row.status === 'pending' && Number.isFinite(row.oldest))
          this.set({ kind: row.kind }, Math.max(0, (now() - row.oldest) / 1000));
      }
    },
  });
  new Gauge({
    name: 'fxid_order_transitions',
    help: 'Order status transitions recorded, by from and to status (from "none": created); deployment-wide',
    labelNames: ['from', 'to'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await figures.orderTransitions()) this.set({ from: row.from, to: row.to }, row.count);
    },
  });
  new Gauge({
    name: 'fxid_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  return {
    registry,
    /** An answer: its method, route template, status and time (seconds). */
    request,
    outboxRan(kind: string, outcome: 'done' | 'retry' | 'failed'): void {
      outboxRuns.inc({ kind, outcome });
    },
    signedIn(method: string): void {
      signIns.inc({ method });
    },
    webhookRefused(provider: string): void {
      webhookFailures.inc({ provider });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's metrics; main.ts serves their registry on METRICS_PORT. */
    metrics: Metrics;
  }
}
