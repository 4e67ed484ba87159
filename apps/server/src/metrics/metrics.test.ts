import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { describeEachEngine } from '../test/databases.js';
import { parseExposition } from '../test/prometheus-exposition.js';
import { bearer, signIn } from '../test/sign-in.js';
import { checkoutIdOf, createPayment, postNotification, sandboxNotification } from '../test/store.js';
import { metricsServer } from './metrics-routes.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

describeEachEngine('metrics', (engine) => {
  const testApp = useTestApp(engine, { metrics: { port: undefined, token: TOKEN } });
  const scrape = () => testApp().app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });

  it('answers only the metrics token, with the same 404 as any unknown path otherwise', async () => {
    const { app } = testApp();
    expect((await app.inject('/metrics')).statusCode).toBe(404);
    const wrong = await app.inject({ url: '/metrics', headers: bearer(`${TOKEN.slice(0, -1)}x`) });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().ErrorCode).toBe('not_found');
    const right = await scrape();
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('scrapes as valid Prometheus text with what happened: requests, sign-ins, orders, outbox, refused webhooks', async () => {
    const { app, database, clock } = testApp();
    const email = `metrics-${engine}@example.com`;
    const token = await signIn(app, database.handle.db, email);
    const created = await createPayment(app, token, 'sky-runner', 'stars_100');
    const forged = sandboxNotification(
      {
        id: 'evt_forged',
        type: 'payment.succeeded',
        checkout: checkoutIdOf(created),
        order: created.TransactionId,
        amount: 1,
        currency: 'USD',
      },
      { nowMs: clock.now, secret: 'not-the-sandbox-secret-0123456789' },
    );
    const refused = await postNotification(app, forged.body, forged.signature);
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([400, 'invalid_token']);

    const response = await scrape();
    const text = response.body;
    const families = parseExposition(text);
    for (const family of families.values()) expect(family.help, family.name).not.toBe('');
    const value = (name: string, labels: Record<string, string>) =>
      families
        .get(name.replace(/_(bucket|sum|count)$/, ''))
        ?.samples.find(
          (sample) => sample.name === name && Object.entries(labels).every(([k, v]) => sample.labels[k] === v),
        )?.value;

    expect(families.get('fxid_sign_ins_total')?.type).toBe('counter');
    expect(value('fxid_sign_ins_total', { method: 'email' })).toBeGreaterThanOrEqual(1);
    expect(value('fxid_webhook_verifications_failed_total', { provider: 'sandbox' })).toBe(1);
    expect(value('fxid_http_requests_total', { route: '/api/v1/invite/email_invite', status: '200' })).toBe(1);
    expect(value('fxid_order_transitions', { from: 'none', to: 'Created' })).toBeGreaterThanOrEqual(1);
    // The sign-in email waits in the outbox (the worker is stopped in tests).
    expect(value('fxid_outbox_jobs', { kind: 'email', status: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(value('fxid_outbox_oldest_pending_age_seconds', { kind: 'email' })).toBeGreaterThanOrEqual(0);
    if (engine === 'postgres') expect(value('fxid_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);

    const latency = families.get('fxid_http_request_duration_seconds');
    expect(latency?.type).toBe('histogram');
    const route = { route: '/api/v1/invite/email_invite', status: '200' };
    const buckets = (latency?.samples ?? [])
      .filter((sample) => sample.name.endsWith('_bucket') && sample.labels.route === route.route)
      .map((sample) => [Number(sample.labels.le === '+Inf' ? Infinity : sample.labels.le), sample.value] as const);
    expect(buckets.length).toBeGreaterThan(2);
    // Cumulative buckets never decrease, and the last (+Inf) holds every observation.
    expect(buckets.every(([, count], i) => i === 0 || count >= (buckets[i - 1]?.[1] ?? 0))).toBe(true);
    expect(buckets.at(-1)).toEqual([Infinity, value('fxid_http_request_duration_seconds_count', route)]);
    // Route templates, never what the caller sent: no addresses, tokens or ids in label values.
    expect(text).not.toContain(email);
    expect(text).not.toContain(token);
    expect(text).not.toContain(created.TransactionId);
  });

  it('serves the same registry on a port of its own, answering nothing else there', async () => {
    const server = metricsServer(testApp().app.metrics.registry);
    await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      const metrics = await fetch(`${base}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('# TYPE fxid_http_requests_total counter');
      expect((await fetch(`${base}/api/v1/games`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

it('the exposition reader refuses what Prometheus would refuse', () => {
  const ok = '# HELP a_total x\n# TYPE a_total counter\na_total{k="v\\"q"} 3\n';
  expect(parseExposition(ok).get('a_total')?.samples).toEqual([{ name: 'a_total', labels: { k: 'v"q' }, value: 3 }]);
  for (const bad of [
    'a_total 3\n',
    '# HELP a x\n# TYPE a gauge\na{k=v} 1\n',
    '# HELP a x\n# TYPE a gauge\na 1e\n',
    '# HELP a x\n# TYPE a gauge\nb 1\n',
    '# HELP 1a x\n',
  ]) {
    expect(() => parseExposition(bad), bad).toThrow();
  }
});
