import { Redis } from 'ioredis';

/** How long a command waits for a Redis that is down before failing (the request then fails, not hangs). */
const COMMAND_TIMEOUT_MS = 2000;

/**
 * Connects to Redis and waits until it answers, so a wrong REDIS_URL stops the start
 * instead of failing the first rate-limited request. While Redis is down later, commands
 * fail at once (no offline queue) and the client reconnects in the background.
 */
export async function connectRedis(url: string, name: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Errors surface through the commands that fail; without a listener ioredis would print each retry.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL does not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  return redis;
}
