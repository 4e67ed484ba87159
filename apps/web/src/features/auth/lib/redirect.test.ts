import { describe, expect, it } from 'vitest';
import { resolveRedirect, returnPath } from './redirect';

const ORIGIN = 'https://play.example.com';

describe('resolveRedirect', () => {
  it('goes home without a target', () => {
    expect(resolveRedirect(undefined, ORIGIN, '/')).toEqual({ kind: 'route', to: '/' });
    expect(resolveRedirect('', ORIGIN, '/')).toEqual({ kind: 'route', to: '/' });
  });

  it('routes paths of the portal, under its base path', () => {
    expect(resolveRedirect('/Profile?tab=1#top', ORIGIN, '/')).toEqual({ kind: 'route', to: '/Profile?tab=1#top' });
    expect(resolveRedirect('/games/Profile', ORIGIN, '/games/')).toEqual({ kind: 'route', to: '/Profile' });
    expect(resolveRedirect('/games', ORIGIN, '/games/')).toEqual({ kind: 'route', to: '/' });
    expect(resolveRedirect(`${ORIGIN}/play/sky-runner`, ORIGIN, '/')).toEqual({
      kind: 'route',
      to: '/play/sky-runner',
    });
  });

  it('loads pages the server allowed as pages', () => {
    expect(resolveRedirect('/other-app/', ORIGIN, '/games/')).toEqual({
      kind: 'page',
      href: `${ORIGIN}/other-app/`,
    });
    expect(resolveRedirect('https://shop.example.com/return', ORIGIN, '/')).toEqual({
      kind: 'page',
      href: 'https://shop.example.com/return',
    });
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    '/\\evil.com',
    'https://our.com@evil.com',
    '/pro\tfile',
    '/pro\nfile',
    'http://[bad',
  ])('goes home for %s', (target) => {
    expect(resolveRedirect(target, ORIGIN, '/')).toEqual({ kind: 'route', to: '/' });
  });
});

describe('returnPath', () => {
  it('puts the base path in front of a route path', () => {
    expect(returnPath('/Profile', '/')).toBe('/Profile');
    expect(returnPath('/Profile?x=1', '/games/')).toBe('/games/Profile?x=1');
  });
});
