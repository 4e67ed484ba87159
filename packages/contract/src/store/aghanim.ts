import { z } from 'zod';
import { CheckoutStatusSchema, PublicOrderIdSchema } from './core.js';

/** GET /store/aghanim/payment/status (spec store §7): anonymous, by the unguessable order id alone. */
export const AghanimPaymentStatusQuerySchema = z.object({
  PublicOrderId: z
    .string()
    .regex(/^ord_[\w-]{22}$/, 'Expected an order id')
    .describe('The order id (TransactionId of create_payment)'),
});

/** What the portal polls while the player pays in Aghanim's tab: Payed once Aghanim's signed notification came. */
export const AghanimPaymentStatusResponseSchema = z
  .object({
    PublicOrderId: PublicOrderIdSchema,
    Status: CheckoutStatusSchema.describe(
      'Payed once Aghanim confirmed the payment; Cancelled when the order ended unpaid',
    ),
  })
  .meta({ id: 'AghanimPaymentStatusResponse' });
export type AghanimPaymentStatusResponse = z.infer<typeof AghanimPaymentStatusResponseSchema>;
