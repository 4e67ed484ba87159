import type { StripeEmbeddedCheckout, StripeEmbeddedCheckoutOptions } from '@stripe/stripe-js';

/** The part of Stripe.js the card checkout uses. */
export interface StripeLike {
  initEmbeddedCheckout(
    options: StripeEmbeddedCheckoutOptions,
  ): Promise<Pick<StripeEmbeddedCheckout, 'mount' | 'destroy'>>;
}

/**
 * Loads Stripe.js from js.stripe.com (Stripe requires that origin; the page's CSP allows it)
 * on the first card checkout only. The `pure` entry injects the script when called, not
 * when imported, and this module is itself a lazy chunk.
 */
export async function loadStripeJs(publishableKey: string): Promise<StripeLike> {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available');
  return stripe;
}
