import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { type DatabaseHandle, type Engine, openDatabase } from '../db/database.js';
import { createTestDatabase } from './databases.js';

/** Redis for the suites that share state between instances; CI sets it (see .ci/run). */
export const testRedisUrl = process.env.TEST_REDIS_URL;

/**
 * A suite that needs Redis: skipped, with "[redis]" in its name so the test run counts it,
 * when TEST_REDIS_URL is unset.
 */
export function describeWithRedis(title: string, suite: (redisUrl: string) => void): void {
  describe.skipIf(!testRedisUrl)(`${title} [redis]`, () => suite(testRedisUrl ?? ''));
}

/** A key prefix of its own, so suites running side by side on one Redis never share keys. */
export const uniqueKeyPrefix = () => `fxid-test-${randomBytes(5).toString('hex')}:`;

/** One database opened twice, as two instances open it; `drop` removes it. */
export async function databaseForTwoInstances(
  engine: Engine,
): Promise<{ first: DatabaseHandle; second: DatabaseHandle; open(): DatabaseHandle; drop(): Promise<void> }> {
  if (engine === 'postgres') {
    const database = await createTestDatabase('postgres');
    const second = database.open?.();
    if (!second) throw new Error('no second PostgreSQL handle');
    return {
      first: database.handle,
      second,
      open: () => database.open?.() ?? second,
      async drop() {
        await second.db.destroy().catch(() => undefined);
        await database.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'fxid-instances-'));
  const path = join(dir, 'fxid.sqlite');
  const first = openDatabase(`sqlite:${path}`);
  const second = openDatabase(`sqlite:${path}`);
  return {
    first,
    second,
    open: () => openDatabase(`sqlite:${path}`),
    async drop() {
      await first.db.destroy().catch(() => undefined);
      await second.db.destroy().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP relay in front of Redis that a test can cut, as a network split would: every
 * connection through it is dropped and new ones are refused.
 */
export async function cuttableRelay(redisUrl: string): Promise<{ url: string; cut(): Promise<void> }> {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('relay has no port');
  const url = new URL(redisUrl);
  url.host = `127.0.0.1:${address.port}`;
  return {
    url: url.toString(),
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
