import { Counter, Histogram, Registry } from 'prom-client';
import { expect, it } from 'vitest';
import { createRequestMetrics } from './request-metrics.js';

const ANSWERS: Array<[method: string, route: string, status: number, seconds: number]> = [
  ['POST', '/api/v1/games/list', 200, 0.0004],
  ['POST', '/api/v1/games/list', 200, 0.005],
  ['POST', '/api/v1/games/list', 200, 0.0051],
  ['POST', '/api/v1/games/list', 400, 0.02],
  ['GET', '/api/v1/public_game_config/:Game', 200, 12],
  ['HEAD', '/api/v1/public_game_config/:Game', 304, 0.3],
  ['GET', 'unmatched', 404, 1],
  // A reply whose clock never started: counted, but no latency.
  ['GET', 'unmatched', 404, Number.NaN],
  ['POST', '/api/v1/auth/logout', 500, Number.NaN],
];

/** The exposition's lines, sorted: series come in another order, each with the same text. */
const lines = async (registry: Registry) => (await registry.metrics()).split('\n').filter(Boolean).sort();

it("scrapes as prom-client's own Counter and Histogram would, line for line", async () => {
  const theirs = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'fxid_http_requests_total',
    help: 'HTTP requests answered, by route template and status code',
    labelNames,
    registers: [theirs],
  });
  const latency = new Histogram({
    name: 'fxid_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [theirs],
  });
  const ours = new Registry();
  const record = createRequestMetrics(ours, 'fxid_http');
  for (const [method, route, status, seconds] of ANSWERS) {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    if (Number.isFinite(seconds)) latency.observe(labels, seconds);
    record(method, route, status, seconds);
  }
  expect(await lines(ours)).toEqual(await lines(theirs));
  expect(await lines(ours)).toContain('fxid_http_requests_total{method="GET",route="unmatched",status="404"} 2');
  expect(await lines(ours)).not.toContain(
    'fxid_http_request_duration_seconds_count{method="POST",route="/api/v1/auth/logout",status="500"} 0',
  );

  ours.resetMetrics();
  expect(await lines(ours)).toEqual([
    '# HELP fxid_http_request_duration_seconds Time to answer an HTTP request, by route template and status code',
    '# HELP fxid_http_requests_total HTTP requests answered, by route template and status code',
    '# TYPE fxid_http_request_duration_seconds histogram',
    '# TYPE fxid_http_requests_total counter',
  ]);
});
