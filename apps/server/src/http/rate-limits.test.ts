import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { perPlayer } from './rate-limits.js';

const request = (authorization?: string) =>
  ({ headers: authorization ? { authorization } : {}, ip: '203.0.113.7' }) as FastifyRequest;
const TOKEN = 'tok_0123456789abcdefghij';

describe('perPlayer', () => {
  it('counts by the bearer token, by the address without a well-formed one, per minute unless told', () => {
    const { rateLimit } = perPlayer(60);
    expect(rateLimit).toMatchObject({ max: 60, timeWindow: '1 minute' });
    expect(rateLimit.keyGenerator(request(`Bearer ${TOKEN}`))).toBe(TOKEN);
    expect(rateLimit.keyGenerator(request())).toBe('203.0.113.7');
    expect(rateLimit.keyGenerator(request('Bearer short'))).toBe('203.0.113.7');
  });

  it('keeps a family of routes apart with its prefix, over its own window', () => {
    const { rateLimit } = perPlayer(10, '10 minutes', 'leaderboards:');
    expect(rateLimit).toMatchObject({ max: 10, timeWindow: '10 minutes' });
    expect(rateLimit.keyGenerator(request(`Bearer ${TOKEN}`))).toBe(`leaderboards:${TOKEN}`);
    expect(rateLimit.keyGenerator(request())).toBe('leaderboards:203.0.113.7');
  });
});
