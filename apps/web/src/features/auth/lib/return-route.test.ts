import { describe, expect, it } from 'vitest';
import { isSiteRoute } from './redirect';
import { returnRoute } from './return-route';

/** Where a guest lands after asking for /Profile (the sign-in redirect's navigation state). */
const redirectedFrom = (from: unknown) => ({
  pathname: '/',
  search: '',
  state: { notice: 'profile.loginRequired', from },
});

describe('returnRoute', () => {
  it('returns to the page a sign-in redirect was asked for', () => {
    expect(returnRoute(redirectedFrom('/Profile'))).toBe('/Profile');
    expect(returnRoute(redirectedFrom('/Profile?tab=games'))).toBe('/Profile?tab=games');
  });

  it('stays on the current page without a redirect', () => {
    expect(returnRoute({ pathname: '/play/sky-runner', search: '?adapter=fxid', state: null })).toBe(
      '/play/sky-runner?adapter=fxid',
    );
    expect(returnRoute({ pathname: '/play/sky-runner', search: '' })).toBe('/play/sky-runner');
  });

  it.each([
    'https://evil.example/Profile',
    '//evil.example/Profile',
    '/\\evil.example',
    'javascript:alert(1)',
    'Profile',
    '/pro\nfile',
    42,
  ])('ignores a requested page that is not a path of this site: %s', (from) => {
    expect(returnRoute(redirectedFrom(from))).toBe('/');
  });

  it('never returns to a sign-in link page', () => {
    expect(returnRoute(redirectedFrom('/LoginValidateEmail?inviteToken=t'))).toBe('/');
    expect(returnRoute({ pathname: '/LoginWithTempToken', search: '?token=t' })).toBe('/');
  });
});

describe('isSiteRoute', () => {
  it('accepts paths of this site only', () => {
    expect(isSiteRoute('/')).toBe(true);
    expect(isSiteRoute('/Profile?x=1#y')).toBe(true);
    expect(isSiteRoute('https://play.example.com/Profile')).toBe(false);
    expect(isSiteRoute('//play.example.com')).toBe(false);
    expect(isSiteRoute('/\\play.example.com')).toBe(false);
    expect(isSiteRoute('')).toBe(false);
  });
});
