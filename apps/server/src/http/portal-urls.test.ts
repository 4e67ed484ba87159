import { describe, expect, it } from 'vitest';
import { portalRouteUrl } from './portal-urls.js';

const site = (routerBasePath: string, routerType: 'browser' | 'hash') => ({
  publicUrl: 'https://play.example',
  portal: { routerBasePath, routerType } as Parameters<typeof portalRouteUrl>[0]['portal'],
});

describe('portalRouteUrl', () => {
  it('puts the route under the base path with browser routing', () => {
    expect(portalRouteUrl(site('/', 'browser'), 'Store/Return/ord_1')).toBe('https://play.example/Store/Return/ord_1');
    expect(portalRouteUrl(site('/games/', 'browser'), '/Store/Return/ord_1')).toBe(
      'https://play.example/games/Store/Return/ord_1',
    );
  });

  it('puts the route, query included, in the hash with hash routing', () => {
    expect(portalRouteUrl(site('/', 'hash'), 'Store/Return/ord_1')).toBe('https://play.example/#/Store/Return/ord_1');
    expect(portalRouteUrl(site('/sky/', 'hash'), 'Store/ContinueWithPI?Token=abc')).toBe(
      'https://play.example/sky/#/Store/ContinueWithPI?Token=abc',
    );
  });
});
