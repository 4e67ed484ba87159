import type { AdapterName, CreatePaymentRequest } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import type { ProductRecord } from '../catalog/products-service.js';
import type { ConfiguredProvider } from './payments.js';

/**
 * A host platform's own payments as the store sees them. The platforms module supplies
 * one for each platform that has them (its ServerPlatform.payments), wired in at the
 * composition root, so the store never imports a platform.
 */
export interface PlatformPayments {
  /** Whether this server takes the platform's payment notifications for the game (its app and keys are set). */
  configured(ctx: AppContext, game: GameRecord): boolean;
  /** Whether a product is sold through the platform's payments (the catalog prices it in the platform's units). */
  sells(product: ProductRecord): boolean;
  /**
   * For a platform that sells through the portal's web checkout (CrazyGames): checks the
   * platform's proof of the buyer in the payment creation request before any order is made;
   * throws when it does not hold. Absent, the platform takes payments in its own window.
   */
  webCheckout?(ctx: AppContext, accountId: string, game: GameRecord, request: CreatePaymentRequest): Promise<void>;
}

/** The adapter of the portal's own site: it pays through the web payment providers. */
const OWN_SITE: AdapterName = 'fxid';

/** How a game published on a platform is paid for there, on this server. */
export type PaymentWay =
  | { kind: 'web'; checkout: ConfiguredProvider; adapter: AdapterName; authorize?: PlatformPayments['webCheckout'] }
  | { kind: 'platform'; payments: PlatformPayments }
  | { kind: 'none'; why: string };

/**
 * The rule (README, Configuration): on the portal's own site, the web provider that
 * PAYMENT_PROVIDER, the game's catalog store flags and its PaymentProviders rules choose
 * (Payments.forGame; in `currency` when the product is known); on a host platform, that
 * platform's own payments when they are configured for the game; anywhere else, nothing.
 * The caller has checked that the game is published on the adapter.
 */
export function paymentWay(ctx: AppContext, game: GameRecord, adapter: AdapterName, currency?: string): PaymentWay {
  if (adapter === OWN_SITE) {
    const checkout = ctx.payments.forGame(game, adapter, currency);
    return checkout
      ? { kind: 'web', checkout, adapter }
      : { kind: 'none', why: 'no payment provider configured here is enabled for it in the catalog' };
  }
  const payments = ctx.payments.platform(adapter);
  if (!payments) return { kind: 'none', why: 'this platform has no payments on this server' };
  if (!payments.configured(ctx, game))
    return { kind: 'none', why: "the platform's payments are not configured for it" };
  const checkout = payments.webCheckout && ctx.payments.forGame(game, adapter, currency);
  if (checkout) return { kind: 'web', checkout, adapter, authorize: payments.webCheckout };
  return { kind: 'platform', payments };
}
