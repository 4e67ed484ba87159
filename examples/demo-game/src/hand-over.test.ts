import { describe, expect, it } from 'vitest';
import { handOverLink } from './hand-over.js';

describe('handing the player over to the portal', () => {
  it('links to the portal that serves the game, with the token from the fragment', () => {
    expect(
      handOverLink('http://localhost:3000/demo-game/?game=sky-runner#fxidGameAccessToken=a.b.c', 'sky-runner'),
    ).toBe('http://localhost:3000/LoginFromGame/sky-runner/a.b.c');
  });

  it('uses a named http(s) portal and ignores any other scheme', () => {
    const at = (portal: string) =>
      handOverLink(
        `https://game.example/?fxidPortal=${encodeURIComponent(portal)}#fxidGameAccessToken=t`,
        'gem-garden',
      );
    expect(at('https://portal.example/base')).toBe('https://portal.example/base/LoginFromGame/gem-garden/t');
    expect(at('javascript:alert(1)')).toBeUndefined();
    expect(at('not a url')).toBeUndefined();
  });

  it('offers nothing without a token', () => {
    expect(handOverLink('http://localhost:3000/demo-game/?game=sky-runner', 'sky-runner')).toBeUndefined();
  });
});
