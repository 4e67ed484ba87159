// @vitest-environment jsdom
import type { StripeEmbeddedCheckoutOptions } from '@stripe/stripe-js';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishMessages as en } from '../../shared/i18n/complete-messages';
import { mountModals } from '../../test/modal-test-kit';
import { openCheckout } from './open-checkout';
import type { CheckoutWindow } from './purchase-flow';
import type { StripeLike } from './stripe-loader';

afterEach(cleanup);

const TARGET = { kind: 'stripe', publishableKey: 'pk_test_x', clientSecret: 'cs_test_1_secret_x' } as const;

/** Stripe.js as the modal sees it: the embedded checkout renders a Pay button that completes it. */
function fakeStripe() {
  let options: StripeEmbeddedCheckoutOptions | undefined;
  const destroy = vi.fn();
  const stripe: StripeLike = {
    initEmbeddedCheckout: vi.fn(async (given: StripeEmbeddedCheckoutOptions) => {
      options = given;
      return {
        mount: (host: string | HTMLElement) => {
          const pay = document.createElement('button');
          pay.textContent = 'Pay';
          pay.onclick = () => given.onComplete?.();
          (host as HTMLElement).append(pay);
        },
        destroy,
      };
    }),
  };
  const load = vi.fn(async () => stripe);
  return { load, destroy, clientSecret: () => options?.fetchClientSecret?.() };
}

function open(load: (key: string) => Promise<StripeLike>): CheckoutWindow {
  const modals = mountModals();
  let checkout: CheckoutWindow | undefined;
  act(() => {
    checkout = openCheckout(modals, TARGET, 'Checkout: 100 stars', load);
  });
  if (!checkout) throw new Error('no checkout');
  return checkout;
}

describe('the card checkout modal', () => {
  it('mounts Stripe’s embedded checkout, and after completion calls back and closes itself 1 s later', async () => {
    const stripe = fakeStripe();
    const checkout = open(stripe.load);
    const pay = await screen.findByRole('button', { name: 'Pay' });
    expect(stripe.load).toHaveBeenCalledWith('pk_test_x');
    expect(await stripe.clientSecret()).toBe('cs_test_1_secret_x');
    expect(screen.getByRole('dialog', { name: 'Checkout: 100 stars' }).contains(pay)).toBe(true);

    const completedAt = Date.now();
    fireEvent.click(pay);
    // The completion callback ran at once; the modal is still there.
    expect(screen.queryByRole('dialog')?.contains(pay)).toBe(true);
    expect(await checkout.closed).toEqual({ kind: 'completed' });
    expect(Date.now() - completedAt).toBeGreaterThanOrEqual(990);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stripe.destroy).toHaveBeenCalled();
  });

  it('reports a modal closed before paying as dismissed (abandoned)', async () => {
    const stripe = fakeStripe();
    const checkout = open(stripe.load);
    await screen.findByRole('button', { name: 'Pay' });
    fireEvent.click(screen.getByRole('button', { name: en.common.close }));
    expect(await checkout.closed).toEqual({ kind: 'dismissed' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stripe.destroy).toHaveBeenCalled();
  });

  it('says so when Stripe.js cannot load, and reports the error once closed', async () => {
    const failure = new Error('Stripe.js is not available');
    const checkout = open(async () => Promise.reject(failure));
    expect((await screen.findByRole('alert')).textContent).toBe(en.store.cardCheckoutFailed);
    fireEvent.click(screen.getByRole('button', { name: en.common.close }));
    expect(await checkout.closed).toEqual({ kind: 'failed', error: failure });
  });
});
