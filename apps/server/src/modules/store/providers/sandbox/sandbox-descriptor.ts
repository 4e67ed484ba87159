import { portalRouteUrl } from '../../../../http/portal-urls.js';
import type { ProviderDescriptor } from '../provider-descriptor.js';
import { paymentFormRoutes } from './payment-form-routes.js';
import { createSandboxProvider, SANDBOX_NOTIFICATION_JOB, type SandboxProvider } from './sandbox.js';
import { SANDBOX_ENV, type SandboxSettings, sandboxProblems, sandboxSettings } from './sandbox-config.js';

/**
 * fxid's own offline checkout: the portal's card payment form page `/{token}`, and
 * signed notifications sent through the outbox to fxid's webhook, in process. It has
 * no catalog flag: while PAYMENT_PROVIDER names it, every game may use it.
 */
export const sandboxDescriptor: ProviderDescriptor<SandboxSettings, typeof SANDBOX_ENV, SandboxProvider> = {
  developmentDefault: true,
  env: SANDBOX_ENV,
  problems: sandboxProblems,
  settings: sandboxSettings,
  create: (settings, deps) =>
    createSandboxProvider({
      db: deps.db,
      now: deps.now,
      secrets: settings.webhookSecrets,
      checkoutUrl: (id) => portalRouteUrl(deps.config, id),
      send: deps.postToOwnWebhook,
    }),
  routes: paymentFormRoutes,
  checkoutIdPattern: /\bsbx_[\w-]+/g,
  jobs: (sandbox) => ({ [SANDBOX_NOTIFICATION_JOB]: sandbox.deliverNotification }),
};
