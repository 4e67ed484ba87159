import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../shared/api/client';
import { createQueryClient } from '../../shared/api/query-client';
import { publicGameConfigQuery } from '../game/api/public-game-config';
import { newsQuery } from './news';

describe('query cache times', () => {
  const api = createApiClient('http://localhost');

  it('keeps news fresh for 300 s and cached for 600 s', () => {
    const options = newsQuery(api, 'en');
    expect(options.staleTime).toBe(300_000);
    expect(options.gcTime).toBe(600_000);
  });

  it('never lets other queries go stale', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
  });

  it('does not refetch game-choice data when the window regains focus', () => {
    expect(publicGameConfigQuery(api, 'sky-runner', 'FxId').refetchOnWindowFocus).toBe(false);
  });
});
