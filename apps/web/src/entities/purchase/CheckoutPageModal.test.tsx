// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mountModals } from '../../test/modal-test-kit';
import { checkoutFrameUrl } from './checkout-url';
import { openCheckout } from './open-checkout';

beforeAll(async () => {
  await Promise.all([import('./CheckoutPageModal'), import('../../shared/ui/modals/ModalStack')]);
});
afterEach(cleanup);

describe('the checkout modal of a checkout page', () => {
  it("frames the portal's own payment form in its embed mode, alone, with no site chrome", async () => {
    const modals = mountModals();
    const url = `${window.location.origin}/sbx_${'t'.repeat(32)}`;
    act(() => {
      openCheckout(modals, { kind: 'page', url }, '550 stars');
    });
    const dialog = await screen.findByRole('dialog', { name: '550 stars' });
    const frame = dialog.querySelector('iframe') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(`${url}?embed=1`);
    expect(frame.dataset.testid).toBe('checkout-frame');
    // Only a close button in the title bar: no full-screen switch, no second page inside.
    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Close']);
  });

  it("leaves another provider's page as it is and keeps the portal's query", () => {
    const origin = 'https://fxid.example';
    expect(checkoutFrameUrl('https://pay.provider.example/c/1?x=1', origin)).toBe(
      'https://pay.provider.example/c/1?x=1',
    );
    expect(checkoutFrameUrl(`${origin}/fxid/sbx_1?lng=ru`, origin)).toBe(`${origin}/fxid/sbx_1?lng=ru&embed=1`);
  });
});
