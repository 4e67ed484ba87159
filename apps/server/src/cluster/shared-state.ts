import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { type Broadcast, localBroadcast, redisBroadcast } from './broadcast.js';
import { connectRedis } from './redis.js';

/** What one instance shares with the others, and how it reaches them. */
export interface SharedState {
  topology: 'one-process' | 'instances';
  /** The Redis that rate-limit counters live in; none with one process (they live in memory). */
  redis: Redis | undefined;
  /** The rate limiter's key prefix in Redis. */
  rateLimitNamespace: string;
  broadcast: Broadcast;
  /** Throws when Redis does not answer (readiness); resolves at once with one process. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Opens Redis when REDIS_URL is set (failing the start when it does not answer). */
export async function openSharedState(config: Config, onError: (error: unknown) => void): Promise<SharedState> {
  if (!config.redis) {
    return {
      topology: 'one-process',
      redis: undefined,
      rateLimitNamespace: '',
      broadcast: localBroadcast(),
      ping: async () => undefined,
      close: async () => undefined,
    };
  }
  const { url, keyPrefix } = config.redis;
  const redis = await connectRedis(url, 'fxid');
  let subscriber: Redis;
  let broadcast: Broadcast;
  try {
    subscriber = await connectRedis(url, 'fxid-invalidations');
    broadcast = await redisBroadcast(redis, subscriber, keyPrefix, onError);
  } catch (error) {
    redis.disconnect();
    throw error;
  }
  return {
    topology: 'instances',
    redis,
    rateLimitNamespace: `${keyPrefix}rate:`,
    broadcast,
    async ping() {
      await redis.ping();
    },
    async close() {
      await broadcast.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/**
 * The start's log line: which topology this is, what is shared, and what each instance keeps
 * to itself (operators sizing a deployment read it).
 */
export function describeTopology(config: Config, engine: 'sqlite' | 'postgres', state: Pick<SharedState, 'topology'>) {
  const perInstance = [
    'open connections per client address (MAX_CONNECTIONS_PER_IP)',
    'outbox slots (OUTBOX_CONCURRENCY, OUTBOX_DESTINATION_CONCURRENCY)',
    `caches: sessions 60 s, accounts 10 s, catalog by version${state.topology === 'instances' ? ' (evicted on every instance over Redis)' : ''}`,
  ];
  if (state.topology === 'one-process') perInstance.unshift('rate-limit counters');
  return {
    topology: state.topology,
    database: engine,
    redis: state.topology === 'instances',
    shared:
      state.topology === 'instances'
        ? ['database', 'outbox (claimed with FOR UPDATE SKIP LOCKED on PostgreSQL)', 'rate-limit counters in Redis']
        : ['database'],
    perInstance,
    ...(config.redis && engine === 'sqlite'
      ? { warning: 'REDIS_URL with SQLite: a SQLite file serves one instance only; use PostgreSQL for several' }
      : {}),
  };
}
