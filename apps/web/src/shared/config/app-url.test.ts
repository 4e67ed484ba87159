import { describe, expect, it } from 'vitest';
import { appUrl } from './app-url';

describe('appUrl', () => {
  it('puts routes under the base path', () => {
    expect(appUrl({ RouterBasePath: '/', RouterType: 'browser' }, '/play/x', 'https://a.test')).toBe(
      'https://a.test/play/x',
    );
    expect(appUrl({ RouterBasePath: '/games/', RouterType: 'browser' }, 'play/x', 'https://a.test')).toBe(
      'https://a.test/games/play/x',
    );
  });

  it('puts routes in the hash with hash routing', () => {
    expect(appUrl({ RouterBasePath: '/p/', RouterType: 'hash' }, '/play/x', 'https://a.test')).toBe(
      'https://a.test/p/#/play/x',
    );
  });
});
