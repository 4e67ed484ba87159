import { describe, expect, it } from 'vitest';
import { handshakeTargetOrigin } from './connect.js';
import { createFramedPair } from './test/fake-window.js';

describe('handshakeTargetOrigin', () => {
  it('prefers an explicit origin, then ancestorOrigins, then the referrer, then *', () => {
    const { game, asWindow } = createFramedPair();
    expect(handshakeTargetOrigin(asWindow(game), 'https://explicit.test')).toBe('https://explicit.test');
    game.location.ancestorOrigins = ['https://ancestor.test'];
    expect(handshakeTargetOrigin(asWindow(game))).toBe('https://ancestor.test');
    game.location.ancestorOrigins = [];
    expect(handshakeTargetOrigin(asWindow(game))).toBe('https://portal.test');
    game.document.referrer = '';
    expect(handshakeTargetOrigin(asWindow(game))).toBe('*');
  });

  it('uses a same-origin parent’s own origin when it can be read', () => {
    const { game, portal, asWindow } = createFramedPair();
    Object.assign(portal, { location: { origin: 'https://portal.test' } });
    game.document.referrer = 'https://game.test/previous-page';
    expect(handshakeTargetOrigin(asWindow(game))).toBe('https://portal.test');
  });
});
