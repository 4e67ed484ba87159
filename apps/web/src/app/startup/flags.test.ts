import { describe, expect, it } from 'vitest';
import { readStartupFlags } from './flags';

describe('startup flags', () => {
  it('are all off without query parameters', () => {
    expect(readStartupFlags('')).toEqual({ noSentry: false, eruda: false, remotejs: undefined, duplicateLogs: false });
  });

  it('read noSentry, eruda, remotejs and duplicateLogs', () => {
    expect(readStartupFlags('?noSentry&eruda&remotejs=abc&duplicateLogs')).toEqual({
      noSentry: true,
      eruda: true,
      remotejs: 'abc',
      duplicateLogs: true,
    });
    expect(readStartupFlags('?remotejs').remotejs).toBe('fxid');
  });
});
