import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadConfig, testConfig } from '../../config.js';
import { envelopeDsn, tunnelTarget } from './sentry-envelope.js';

const DSN = 'https://public123@o42.ingest.sentry.io/4505';
const envelope = (header: object | string, items = '{"type":"event"}\n{"message":"boom"}') =>
  `${typeof header === 'string' ? header : JSON.stringify(header)}\n${items}`;

interface Forwarded {
  url: string;
  init: RequestInit;
}

describe('error tunnel (security.md §11, row 47)', () => {
  let app: FastifyInstance;
  let unconfigured: FastifyInstance;
  const forwarded: Forwarded[] = [];
  let upstreamStatus = 200;
  const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
    forwarded.push({ url: String(url), init: init ?? {} });
    if (upstreamStatus === 0) throw new TypeError('fetch failed');
    return new Response(upstreamStatus === 204 ? null : '{"id":"abc"}', {
      status: upstreamStatus,
      headers: { 'retry-after': '60', 'set-cookie': 'upstream=1', 'x-sentry-rate-limits': '60:error:org' },
    });
  }) as typeof fetch;

  beforeAll(async () => {
    const config = testConfig({ errorTunnel: { dsns: [DSN], maxBytes: 64 * 1024 } });
    app = await createApp(config, { fetch: fakeFetch });
    unconfigured = await createApp(testConfig(), { fetch: fakeFetch });
  });
  afterAll(async () => {
    await app.close();
    await unconfigured.close();
  });

  const post = (
    payload: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'text/plain;charset=UTF-8' },
    target = app,
  ) => target.inject({ method: 'POST', url: '/api/s_tunnel', payload, headers });

  it('forwards an envelope for the allowed DSN to the URL built from the config, bytes unchanged', async () => {
    const binary = Buffer.concat([
      Buffer.from(`${JSON.stringify({ dsn: DSN })}\n{"type":"replay_recording"}\n`),
      Buffer.from([0x78, 0x9c, 0xff, 0x00, 0x0a, 0x80]),
    ]);
    const response = await post(binary, {
      'content-type': 'application/x-sentry-envelope',
      cookie: 'session=secret',
      authorization: 'Bearer secret-token-that-stays-here',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.headers['x-sentry-rate-limits']).toBe('60:error:org');
    expect(response.headers['set-cookie']).toBeUndefined();
    const sent = forwarded.at(-1);
    expect(sent?.url).toBe('https://o42.ingest.sentry.io/api/4505/envelope/?sentry_key=public123&sentry_version=7');
    expect(sent?.init.redirect).toBe('manual');
    expect(sent?.init.headers).toEqual({ 'content-type': 'application/x-sentry-envelope' });
    expect(Buffer.from(sent?.init.body as Uint8Array).equals(binary)).toBe(true);
    // The SDK's own fetch sends text/plain or no type at all.
    expect((await post(envelope({ dsn: DSN }))).statusCode).toBe(200);
    expect((await post(envelope({ dsn: DSN }), {})).statusCode).toBe(200);
  });

  it('passes on the upstream status, and answers 500 when forwarding fails or redirects', async () => {
    upstreamStatus = 429;
    expect((await post(envelope({ dsn: DSN }))).statusCode).toBe(429);
    upstreamStatus = 0;
    const failed = await post(envelope({ dsn: DSN }));
    expect([failed.statusCode, failed.json().ErrorCode]).toEqual([500, 'internal_error']);
    upstreamStatus = 302;
    expect((await post(envelope({ dsn: DSN }))).statusCode).toBe(500);
    upstreamStatus = 200;
  });

  it.each([
    ['a DSN for another host', { dsn: 'https://public123@evil.example/4505' }, 403, 'forbidden'],
    ['the same host, another project', { dsn: 'https://public123@o42.ingest.sentry.io/1' }, 403, 'forbidden'],
    ['the allowed DSN with a trailing slash', { dsn: `${DSN}/` }, 403, 'forbidden'],
    ['the allowed DSN as a prefix', { dsn: `${DSN}0` }, 403, 'forbidden'],
    ['a DSN that is not a string', { dsn: ['x'] }, 400, 'validation_failed'],
    ['no DSN', { event_id: 'x' }, 400, 'validation_failed'],
    ['a non-JSON first line', 'not json at all', 400, 'validation_failed'],
    ['an empty body', '', 400, 'validation_failed'],
  ] as const)('refuses %s', async (_name, header, status, code) => {
    const before = forwarded.length;
    const response = await post(header === '' ? '' : envelope(header as object | string));
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json().ErrorCode).toBe(code);
    expect(forwarded.length).toBe(before);
  });

  it('refuses GET and other methods with 405, and an oversized body with 413 before reading it all', async () => {
    const get = await app.inject({ method: 'GET', url: '/api/s_tunnel' });
    expect([get.statusCode, get.json().ErrorCode, get.headers.allow]).toEqual([405, 'method_not_allowed', 'POST']);
    expect((await app.inject({ method: 'PUT', url: '/api/s_tunnel', payload: 'x' })).statusCode).toBe(405);
    const before = forwarded.length;
    const huge = await post(envelope({ dsn: DSN }, 'x'.repeat(65 * 1024)));
    expect([huge.statusCode, huge.json().ErrorCode]).toEqual([413, 'payload_too_large']);
    expect(forwarded.length).toBe(before);
  });

  it('answers 500 "Tunnel not configured" without DSNs', async () => {
    const response = await post(envelope({ dsn: DSN }), undefined, unconfigured);
    expect(response.statusCode).toBe(500);
    expect(response.json().detail).toBe('Tunnel not configured');
  });
});

describe('error tunnel configuration', () => {
  it('builds the envelope URL from a DSN, with a path prefix and port', () => {
    expect(tunnelTarget('https://k@sentry.example.com:8443/prefix/7')?.envelopeUrl).toBe(
      'https://sentry.example.com:8443/prefix/api/7/envelope/?sentry_key=k&sentry_version=7',
    );
    for (const bad of [
      'http://k@h/1',
      'https://h/1',
      'https://k:secret@h/1',
      'https://k@h/project',
      'https://k@h/1?x=1',
      'nope',
    ]) {
      expect(tunnelTarget(bad), bad).toBeUndefined();
    }
  });

  it('refuses bad DSNs and sizes at boot', () => {
    const result = loadConfig({ ERROR_TUNNEL_DSNS: 'https://k@h/1,http://k@h/2', ERROR_TUNNEL_MAX_BYTES: '10' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.some((problem) => problem.startsWith('ERROR_TUNNEL_DSNS'))).toBe(true);
      expect(result.problems.some((problem) => problem.startsWith('ERROR_TUNNEL_MAX_BYTES'))).toBe(true);
    }
    const ok = loadConfig({ ERROR_TUNNEL_DSNS: `${DSN} https://k@h/2` });
    expect(ok.ok && ok.config.errorTunnel).toEqual({ dsns: [DSN, 'https://k@h/2'], maxBytes: 1_048_576 });
  });

  it('reads the DSN from the first line only', () => {
    expect(envelopeDsn(Buffer.from(`{"dsn":"${DSN}"}\n\u0000\u00ff`))).toBe(DSN);
    expect(() => envelopeDsn(Buffer.from('{"dsn":\n"x"}'))).toThrow();
  });
});
