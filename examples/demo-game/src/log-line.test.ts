import { describe, expect, it } from 'vitest';
import { formatLine, summarize } from './log-line.js';

describe('formatLine', () => {
  it('writes the stable, machine-readable line', () => {
    expect(formatLine({ kind: 'call', name: 'getInfo', status: 'ok' })).toBe('call getInfo ok');
    expect(formatLine({ kind: 'call', name: 'ads.showVideo', status: 'error', code: 'not_available' })).toBe(
      'call ads.showVideo error not_available',
    );
    expect(formatLine({ kind: 'event', name: 'pause' })).toBe('event pause');
    expect(formatLine({ kind: 'init', name: '', status: 'error', code: 'timeout' })).toBe('init error timeout');
  });
});

describe('summarize', () => {
  it('hides tokens and shortens long values', () => {
    expect(summarize({ fxId: { token: 'secret', gameToken: 'jwt', userId: 'u1' } })).toBe(
      '{"fxId":{"token":"«hidden»","gameToken":"«hidden»","userId":"u1"}}',
    );
    expect(summarize({ token: null })).toBe('{"token":null}');
    expect(summarize('x'.repeat(500), 10)).toHaveLength(10);
    expect(summarize(undefined)).toBe('');
  });
});
