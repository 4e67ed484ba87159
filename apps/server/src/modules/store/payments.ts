import type { PaymentProviderName } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { createSandboxProvider, type SandboxOptions, type SandboxProvider } from './providers/sandbox.js';

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
          baseUrl: `${config.publicUrl}${config.portal.routerBasePath}`,
          send,
        })
      : undefined;
  const byName: Partial<Record<PaymentProviderName, PaymentProvider>> = sandbox ? { sandbox } : {};
  return {
    active: sandbox,
    sandbox,
    get: (name) => byName[name as PaymentProviderName],
  };
}
