import type { PaymentProviderName } from '@fxid/contract';
import { aghanimDescriptor } from './aghanim/aghanim-descriptor.js';
import { bank131Descriptor } from './bank131/bank131-descriptor.js';
import { moneyMailRuDescriptor } from './moneymailru/moneymailru-descriptor.js';
import type { ProviderDescriptor } from './provider-descriptor.js';
import { sandboxDescriptor } from './sandbox/sandbox-descriptor.js';
import { stripeDescriptor } from './stripe/stripe-descriptor.js';
import { xsollaDescriptor } from './xsolla/xsolla-descriptor.js';
import { yookassaDescriptor } from './yookassa/yookassa-descriptor.js';

/**
 * The web payment providers, by the name PAYMENT_PROVIDER and the webhook path use.
 * Adding one is a folder beside this file and one line here (plus its name and response
 * block in the contract): config, routes, outbox jobs and the CSP loop over this object.
 */
const REGISTERED = {
  sandbox: sandboxDescriptor,
  stripe: stripeDescriptor,
  xsolla: xsollaDescriptor,
  yookassa: yookassaDescriptor,
  bank131: bank131Descriptor,
  aghanim: aghanimDescriptor,
  moneymailru: moneyMailRuDescriptor,
} satisfies { [Name in PaymentProviderName]: unknown };

type Registered = typeof REGISTERED;
export type ProviderName = keyof Registered;

/** Each provider's settings, as Config.store.providers holds them. */
export type ProviderSettings = { [Name in ProviderName]: NonNullable<ReturnType<Registered[Name]['settings']>> };

/** Every provider's environment variables together. */
export type ProvidersEnvShape = UnionToIntersection<Registered[ProviderName]['env']>;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;

/** The registry, typed so that a provider's settings go back to that provider's factory. */
export const PAYMENT_PROVIDERS: { [Name in ProviderName]: ProviderDescriptor<ProviderSettings[Name]> } = REGISTERED;

export const PROVIDER_NAMES = Object.keys(PAYMENT_PROVIDERS) as ProviderName[];
