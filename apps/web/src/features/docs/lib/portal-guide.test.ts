import { describe, expect, it } from 'vitest';
import { portalGuide } from './portal-guide';

describe('portalGuide', () => {
  it('drops the README title, which the page replaces with its own', () => {
    expect(portalGuide('# @fxid/sdk\n\nThe game-facing SDK.\n\n# Later heading\n')).toBe(
      'The game-facing SDK.\n\n# Later heading\n',
    );
  });

  it('turns links into the repository into plain text and keeps web and in-page links', () => {
    const guide = portalGuide(
      'format: [catalog/README.md](../../catalog/README.md), see [Stripe](https://stripe.com), [below](#events), [hosts](/dev/hosts)',
    );
    expect(guide).toBe(
      'format: catalog/README.md, see [Stripe](https://stripe.com), [below](#events), [hosts](/dev/hosts)',
    );
  });
});
