import { describe, expect, it } from 'vitest';
import { requestedAdapter, resolveAdapter, resolveGame } from './site';

const query = (text: string) => new URLSearchParams(text);

describe('game resolution', () => {
  it('prefers the fixed game, then the path, then the query', () => {
    expect(resolveGame({ FixedGame: 'sky-runner' }, 'gem-garden', query('game=x'))).toBe('sky-runner');
    expect(resolveGame({}, 'gem-garden', query('game=x'))).toBe('gem-garden');
    expect(resolveGame({}, undefined, query('game=x'))).toBe('x');
    expect(resolveGame({}, undefined, query(''))).toBeUndefined();
  });
});

describe('adapter resolution', () => {
  it('prefers the forced adapter, then the path, then the query, then fxid', () => {
    expect(resolveAdapter({ ForcedAdapter: 'ok' }, 'yandex', query('adapter=vkcom'))).toBe('ok');
    expect(resolveAdapter({}, 'yandex', query('adapter=vkcom'))).toBe('yandex');
    expect(resolveAdapter({}, undefined, query('adapter=vkcom'))).toBe('vkcom');
    expect(resolveAdapter({}, undefined, query(''))).toBe('fxid');
  });

  it('skips names that are not adapters', () => {
    expect(resolveAdapter({}, 'nonsense', query('adapter=telegram'))).toBe('telegram');
    expect(resolveAdapter({}, undefined, query('adapter=__proto__'))).toBe('fxid');
  });
});

describe('the adapter the player runs', () => {
  it('is the first one the page names, known or not, so an unknown one is refused rather than played as fxid', async () => {
    expect(requestedAdapter({}, 'nonsense', query('adapter=telegram'))).toBe('nonsense');
    expect(requestedAdapter({ ForcedAdapter: 'vkcom' }, 'nonsense', query(''))).toBe('vkcom');
    expect(requestedAdapter({}, undefined, query(''))).toBe('fxid');
    const { loadAdapter } = await import('@fxid/platforms');
    await expect(loadAdapter(requestedAdapter({}, 'nonsense', query('')))).rejects.toThrow(
      'Unsupported adapter for nonsense',
    );
  });
});
