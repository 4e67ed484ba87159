import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { testConfig } from '../config.js';
import { createTestDatabase, type TestDatabase } from '../test/databases.js';

const REQUEST_TIMEOUT_MS = 900;
const MAX_CONNECTIONS = 4;

/** A raw connection that records what the server sends and when it hangs up. */
function rawClient(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, opened, closed, received: () => received };
}

/** The status line and problem body of a raw HTTP answer. */
function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0], headers: head.toLowerCase(), problem: body ? JSON.parse(body) : null };
}

/** Rows 42 and the slow-request attacks: a listening server with short limits. */
describe('slow and greedy clients', () => {
  let app: FastifyInstance;
  let database: TestDatabase;
  let port = 0;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    app = await createApp(
      testConfig({
        webDistDir: '/nonexistent',
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        maxConnectionsPerIp: MAX_CONNECTIONS,
      }),
      { database: database.handle },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers a body that trickles in with 408 problem details and closes the connection', async () => {
    const client = rawClient(port);
    await client.opened;
    client.socket.write(
      'POST /api/v1/games/list HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
    );
    const trickle = setInterval(() => client.socket.writable && client.socket.write(' '), 100);
    const started = Date.now();
    await client.closed;
    clearInterval(trickle);
    // Node looks for late requests every tenth of the limit: the answer comes within about twice it.
    expect(Date.now() - started).toBeLessThan(REQUEST_TIMEOUT_MS * 3);
    const answer = parseAnswer(client.received());
    expect(answer.statusLine).toBe('HTTP/1.1 408 Request Timeout');
    expect(answer.headers).toContain('content-type: application/problem+json');
    expect(answer.problem).toMatchObject({
      type: 'urn:fxid:error:request_timeout',
      status: 408,
      ErrorCode: 'request_timeout',
      L10NKey: 'errors.request_timeout',
      RequestId: expect.any(String),
    });
  });

  it('answers headers that never end with 408 too', async () => {
    const client = rawClient(port);
    await client.opened;
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    await client.closed;
    expect(parseAnswer(client.received()).problem?.ErrorCode).toBe('request_timeout');
  });

  it('holds one address to its connections, and frees a place when one closes', async () => {
    const held = Array.from({ length: MAX_CONNECTIONS }, () => rawClient(port));
    await Promise.all(held.map((client) => client.opened));
    // Each held connection is mid-request, as a slow client's would be.
    for (const client of held) client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    const extra = rawClient(port);
    await extra.closed;
    expect(extra.received()).toBe('');

    held[0]?.socket.destroy();
    await held[0]?.closed;
    const next = rawClient(port);
    await next.opened;
    next.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await next.closed;
    expect(parseAnswer(next.received()).statusLine).toBe('HTTP/1.1 200 OK');
    for (const client of held) client.socket.destroy();
  });
});
