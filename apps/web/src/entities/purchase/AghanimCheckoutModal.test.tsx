// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mountModals } from '../../test/modal-test-kit';
import { openCheckout } from './open-checkout';

beforeAll(async () => {
  await Promise.all([import('./AghanimCheckoutModal'), import('../../shared/ui/modals/ModalStack')]);
});
afterEach(cleanup);

describe("Aghanim's checkout dialog", () => {
  it("links to Aghanim's checkout in a new tab, then says it waits for the payment", { timeout: 20_000 }, async () => {
    const modals = mountModals();
    const url = 'https://pay.aghanim.com/order/ord_1';
    let closed: Promise<unknown> = Promise.resolve();
    act(() => {
      closed = openCheckout(modals, { kind: 'aghanim', checkoutUrl: url }, '50 gems').closed;
    });
    const dialog = await screen.findByRole('dialog', { name: '50 gems' });
    const link = await screen.findByTestId('aghanim-checkout-link');
    expect(dialog.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(link);
    expect(await screen.findByRole('status')).toBeTruthy();
    // Closing the dialog is the player giving the payment up.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(await closed).toEqual({ kind: 'dismissed' });
  });
});
