import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyRequestLoggers } from './request-logger.js';

async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    childLoggerFactory: lazyRequestLoggers,
  });
  app.get('/talk', async (request) => {
    request.log.info({ step: 'info' }, 'said at info');
    request.log.error({ step: 'error' }, 'said at error');
    return { level: request.log.level };
  });
  app.get('/child', async (request) => {
    request.log.child({ part: 'payment' }).warn('said by a child');
    return {};
  });
  await app.ready();
  return { app, lines };
}

describe('lazy request loggers', () => {
  it('write the enabled levels with the request id, and nothing below the level', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const response = await app.inject({ url: '/talk', headers: { 'x-request-id': 'r-1' } });
    expect(response.json()).toEqual({ level: 'warn' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'said at error', step: 'error', reqId: expect.any(String) });
    await app.close();
  });

  it('write every level the parent enables', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject('/talk');
    expect(lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'said at info',
      'said at error',
      'request completed',
    ]);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    await app.close();
  });

  it('give children both the request id and their own bindings', async () => {
    const { app, lines } = await appLoggingAt('info');
    await app.inject('/child');
    expect(lines.filter((line) => line.part)).toEqual([
      expect.objectContaining({ msg: 'said by a child', part: 'payment', reqId: expect.any(String) }),
    ]);
    await app.close();
  });
});
