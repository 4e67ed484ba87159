import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RecordingHttpsServer,
  startRecordingHttpsServer,
} from '../../apps/server/src/test/recording-https-server';
import { ownServer } from '../harness/server';
import { browserSession } from '../harness/session';

// Error reporting end to end: the built portal loads the real Sentry SDK because the
// server names a DSN, the SDK posts envelopes to /api/s_tunnel, and the server forwards
// them to the DSN's ingest, here an HTTPS service on loopback that the server trusts.

const BOOM = 'boom for the error tunnel';
let ingest: RecordingHttpsServer;
let dsn = '';
const env: Record<string, string> = {};

beforeAll(async () => {
  ingest = await startRecordingHttpsServer(200);
  dsn = `https://portalkey@${new URL(ingest.origin).host}/7`;
  // Read when the server starts, in the beforeAll registered next.
  env.ERROR_TUNNEL_DSNS = dsn;
  env.NODE_EXTRA_CA_CERTS = ingest.caFile;
});
afterAll(() => ingest.close());

const server = ownServer(env);
const session = browserSession(() => server.url);

/** The envelopes the ingest received that carry `text`. */
const envelopesWith = (text: string) => ingest.received.filter((request) => request.body.includes(text));

describe('error reporting', () => {
  it('reports an uncaught error through the tunnel to the configured DSN only', async () => {
    const { page, problems } = await session.tab();
    problems.allow(new RegExp(BOOM));
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.goto(server.url);
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, BOOM);

    await expect.poll(() => envelopesWith(BOOM).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const [envelope] = envelopesWith(BOOM);
    expect(envelope?.method).toBe('POST');
    expect(envelope?.path).toBe('/api/7/envelope/?sentry_key=portalkey&sentry_version=7');
    expect(JSON.parse(envelope?.body.toString('utf8').split('\n')[0] ?? '{}')).toMatchObject({ dsn });
    // The page itself only ever spoke to its own server. (Its request event comes over the browser's
    // connection, which on a busy machine can be read after the ingest has the envelope.)
    const tunnelled = () => requests.filter((request) => request.url().endsWith('/api/s_tunnel'));
    await expect.poll(() => tunnelled().length).toBeGreaterThan(0);
    expect(requests.filter((request) => request.url().startsWith(ingest.origin))).toEqual([]);
  });

  it('loads no reporting SDK and sends nothing with ?noSentry', async () => {
    const { page, problems } = await session.tab();
    problems.allow(/boom while reporting is off/);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(`${server.url}?noSentry`);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('boom while reporting is off');
      });
    });
    // The SDK would be on its way right after the load event; give it that long and more.
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    expect(requests.filter((url) => /sentry-reporter|s_tunnel/.test(url))).toEqual([]);
    expect(envelopesWith('boom while reporting is off')).toEqual([]);
  });
});
