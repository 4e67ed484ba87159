import type { ProviderDescriptor } from '../provider-descriptor.js';
import { createStripeProvider } from './stripe.js';
import { STRIPE_ENV, type StripeConfig, stripeConfig, stripeProblems } from './stripe-config.js';

/**
 * Stripe Checkout, for the games whose catalog sets `Store.StripeEnabled`: embedded
 * (Stripe.js in the portal's modal) or Stripe's hosted page, confirmed by signed webhooks.
 */
export const stripeDescriptor: ProviderDescriptor<StripeConfig, typeof STRIPE_ENV> = {
  storeFlag: 'StripeEnabled',
  env: STRIPE_ENV,
  problems: stripeProblems,
  settings: (env) => stripeConfig(env),
  create: (settings) => createStripeProvider(settings),
  checkoutIdPattern: /\bcs_(?:test|live)_[\w-]+/g,
  // Stripe.js loads from Stripe, talks to its API and shows its frames (security.md §8, Stripe's CSP guide).
  csp: {
    scriptSrc: ['https://js.stripe.com'],
    connectSrc: ['https://api.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  },
};
