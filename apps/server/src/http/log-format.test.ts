import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig, testConfig } from '../config.js';

/** A development app whose log lines, as text, land in `lines`. */
async function appLogging(format: 'pretty' | 'json') {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = await createApp(testConfig({ logLevel: 'info', logFormat: format, webDistDir: '/nonexistent' }), {
    logStream,
  });
  return { app, lines };
}

describe('LOG_FORMAT', () => {
  it('is pretty in development and JSON in production unless chosen, and refuses anything else', () => {
    const dev = loadConfig({ DATABASE_URL: 'sqlite::memory:' });
    expect(dev.ok && dev.config.logFormat).toBe('pretty');
    const chosen = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_FORMAT: 'json' });
    expect(chosen.ok && chosen.config.logFormat).toBe('json');
    const bad = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_FORMAT: 'fancy' });
    expect(bad.ok).toBe(false);
    expect(bad.ok ? [] : bad.problems.join('\n')).toMatch(/LOG_FORMAT/);
  });

  it('pretty: one readable line per request, through the same serializers and redaction as JSON', async () => {
    const { app, lines } = await appLogging('pretty');
    const response = await app.inject({
      url: '/healthz?token=abc-secret-123',
      headers: { authorization: 'Bearer sekrit-bearer', cookie: 'fxid=sekrit-cookie' },
    });
    await app.close();
    const requestLines = lines.filter((line) => line.includes('/healthz'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/INFO.*GET \/healthz\?token=\S+ 200 \d+ ms/);
    expect(requestLines[0]).toContain(response.headers['x-request-id']);
    expect(lines.join('\n')).not.toMatch(/abc-secret-123|sekrit|^\{/m);
  });

  it('json: one JSON object per line, as before', async () => {
    const { app, lines } = await appLogging('json');
    await app.inject({ url: '/healthz?token=abc-secret-123' });
    await app.close();
    const parsed = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    expect(parsed.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.join('\n')).not.toContain('abc-secret-123');
  });
});
