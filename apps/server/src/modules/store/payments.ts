import type { PaymentProviderName } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { portalRouteUrl } from '../../http/portal-urls.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { createSandboxProvider, type SandboxOptions, type SandboxProvider } from './providers/sandbox.js';
import { createStripeProvider } from './providers/stripe.js';

/** The configured payment providers; `active` takes new checkouts. */
export interface Payments {
  active: PaymentProvider | undefined;
  /** Present while the sandbox may still notify, i.e. when it is the active provider. */
  sandbox: SandboxProvider | undefined;
  get(name: string): PaymentProvider | undefined;
}

/** Builds the providers config names; `none` leaves purchases off, never silently on. */
export function createPayments(
  config: Config,
  db: Kysely<Database>,
  now: () => number,
  send: SandboxOptions['send'],
): Payments {
  const sandbox =
    config.store.paymentProvider === 'sandbox'
      ? createSandboxProvider({
          db,
          now,
          secrets: config.store.sandboxWebhookSecrets,
          checkoutUrl: (id) => portalRouteUrl(config, id),
          send,
        })
      : undefined;
  // Stripe stays reachable while its keys are set, even when checkouts moved elsewhere:
  // its late webhooks and refunds of its past orders still need it.
  const stripe = config.store.stripe ? createStripeProvider(config.store.stripe) : undefined;
  const byName: Partial<Record<PaymentProviderName, PaymentProvider>> = {
    ...(sandbox && { sandbox }),
    ...(stripe && { stripe }),
  };
  if (config.store.paymentProvider === 'stripe' && !stripe)
    throw new Error('PAYMENT_PROVIDER is stripe without Stripe keys');
  return {
    active: byName[config.store.paymentProvider as PaymentProviderName],
    sandbox,
    get: (name) => byName[name as PaymentProviderName],
  };
}
