import { z } from 'zod';

/** Order status as most callers see it (spec store §4). */
export const OrderStatusSchema = z.enum(['Created', 'Cancelled', 'Completed']).meta({ id: 'OrderStatus' });

/**
 * Detailed order status with its numeric value. The three final states carry
 * the spec's codes; the others are ordered before them.
 */
export const OrderDetailedStatus = {
  Created: 0,
  WaitingForPayment: 1,
  PayedWaitingForSending: 2,
  CancelledPaid: 898,
  Cancelled: 899,
  Completed: 999,
} as const;
export type OrderDetailedStatusName = keyof typeof OrderDetailedStatus;
export const OrderDetailedStatusSchema = z
  .enum(Object.keys(OrderDetailedStatus) as [OrderDetailedStatusName, ...OrderDetailedStatusName[]])
  .meta({ id: 'OrderDetailedStatus' });

/** Status of the checkout at the payment provider. */
export const CheckoutStatusSchema = z.enum(['Created', 'Payed', 'Cancelled']).meta({ id: 'CheckoutStatus' });

/** Whether the checkout replaces the page or is embedded in it. */
export const EmbeddingTypeSchema = z.enum(['Redirect', 'Embed']).meta({ id: 'EmbeddingType' });

/** Three-letter ISO 4217 currency code. */
export const CurrencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Expected a three-letter ISO 4217 code')
  .meta({ id: 'CurrencyCode' });

/** Money as integer minor units (cents, kopecks) with its currency. */
export const MoneySchema = z
  .object({
    Amount: z.number().int().nonnegative().describe('Integer minor units of the currency'),
    Currency: CurrencyCodeSchema,
  })
  .meta({ id: 'Money' });

/** Payment providers fxid can take money through; `sandbox` is built in and works offline. */
export const PaymentProviderNameSchema = z
  .enum(['sandbox', 'stripe', 'xsolla', 'yookassa', 'bank131', 'aghanim', 'moneymailru'])
  .meta({ id: 'PaymentProviderName' });
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/** A product's stock-keeping unit within its game. */
export const SkuSchema = z
  .string()
  .regex(/^[\w.-]{1,64}$/, 'Expected letters, digits, dot, dash or underscore (at most 64)')
  .meta({ id: 'Sku' });

/** The id of an order that players, games and providers see: random, unguessable. */
export const PublicOrderIdSchema = z
  .string()
  .regex(/^ord_[\w-]{22}$/, 'Expected an order id')
  .meta({ id: 'PublicOrderId' });
