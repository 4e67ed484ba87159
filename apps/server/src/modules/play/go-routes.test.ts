import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';

/** Paths that look local but resolve to `//evil.com`, which a browser reads as another host. */
const DOT_SEGMENT_TRICKS = ['/..//evil.com', '/.//evil.com', '/%2e%2e//evil.com', '/x/..//evil.com/a'];

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('go links', () => {
  const testApp = useTestApp('sqlite', { redirectAllowlist: ['https://games.partner.example'] });

  async function follow(method: 'GET' | 'POST', url: string) {
    const response = await testApp().app.inject({ method, url });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.headers.location;
  }

  it.each([
    ['GET', '/api/v1/go?url=/play/sky-runner&fxref=acc-1&type=invite', '/play/sky-runner?fxref=acc-1&type=invite'],
    ['POST', '/api/v1/go?url=/play/sky-runner&fxref=acc-1', '/play/sky-runner?fxref=acc-1'],
    ['GET', `/api/v1/go/${b64('/play/gem-garden?lang=ru')}?fxref=acc-2`, '/play/gem-garden?lang=ru&fxref=acc-2'],
    ['GET', `/api/v1/go/${b64('http://localhost:8080/Profile')}`, '/Profile'],
    ['GET', '/api/v1/go?fxref=acc-1', '/?fxref=acc-1'],
    [
      'GET',
      `/api/v1/go?url=${encodeURIComponent('https://games.partner.example/x')}`,
      'https://games.partner.example/x',
    ],
  ] as const)('%s %s leads to %s', async (method, url, location) => {
    expect(await follow(method, url)).toBe(location);
  });

  it.each([
    ['an unknown origin', `/api/v1/go?url=${encodeURIComponent('https://evil.example/phish')}`],
    ['a protocol-relative url', `/api/v1/go?url=${encodeURIComponent('//evil.example')}`],
    ['a javascript: url', `/api/v1/go/${b64('javascript:alert(1)')}`],
    ['a backslash trick', `/api/v1/go?url=${encodeURIComponent('/\\evil.example')}`],
    ['a link that is not base64url', '/api/v1/go/not*base64'],
    ['no target at all', '/api/v1/go'],
  ])('sends %s to the front page', async (_case, url) => {
    expect(await follow('GET', url)).toBe('/');
  });

  it.each(DOT_SEGMENT_TRICKS)(
    'row 38: sends %j, which normalises to another host, to the front page',
    async (target) => {
      expect(await follow('GET', `/api/v1/go?url=${encodeURIComponent(target)}`)).toBe('/');
      expect(await follow('GET', `/api/v1/go/${b64(target)}`)).toBe('/');
    },
  );
});

describe('go links in production mode', () => {
  const testApp = useTestApp('sqlite', { mode: 'production', publicUrl: 'https://portal.example' });

  it.each(DOT_SEGMENT_TRICKS)('row 38: sends %j to the front page', async (target) => {
    const response = await testApp().app.inject({ method: 'GET', url: `/api/v1/go?url=${encodeURIComponent(target)}` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
  });
});
