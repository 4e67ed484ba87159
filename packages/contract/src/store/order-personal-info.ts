import { z } from 'zod';
import { PHONE_NUMBER_PATTERN } from '../personal-info.js';
import { PublicOrderIdSchema } from './core.js';
import { OrderSchema } from './orders.js';

export { PHONE_NUMBER_PATTERN };

/** Trims, and turns an empty or absent value into null: an empty form field means "not given". */
const trimmedOrNull = z
  .string()
  .max(320)
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

/**
 * An order's personal info (spec store §3), with the personal-info form's rules (§5):
 * values trimmed, email of valid format, phone of the international pattern, both
 * optional here. The portal's modal validates with this same schema.
 */
export const OrderPersonalInfoSchema = z
  .object({
    Email: trimmedOrNull
      .pipe(z.email('Invalid email format').max(254).nullable())
      .optional()
      .describe("Where the receipt goes; empty or absent means the account's address"),
    PhoneNumber: trimmedOrNull
      .pipe(z.string().regex(PHONE_NUMBER_PATTERN, 'Invalid phone number').nullable())
      .optional()
      .describe('International format: optional +, first digit 1-9, 2 to 15 digits'),
    IsAutoConfirm: z.boolean().default(false).describe('The player chose to confirm with these values at once'),
  })
  .strict()
  .meta({ id: 'OrderPersonalInfo' });
export type OrderPersonalInfo = z.infer<typeof OrderPersonalInfoSchema>;

/** Personal info as stored on an order. */
export const StoredOrderPersonalInfoSchema = z
  .object({ Email: z.string().nullable(), PhoneNumber: z.string().nullable(), IsAutoConfirm: z.boolean() })
  .meta({ id: 'StoredOrderPersonalInfo' });

/** What an order needs to know about the player before the checkout (spec store §3). */
export const PersonalInfoRequirementsSchema = z
  .object({ Email: z.object({ Required: z.boolean(), DefaultValue: z.string().nullable() }) })
  .meta({ id: 'PersonalInfoRequirements' });

export const UpdateOrderPiRequestSchema = z
  .object({ PublicOrderId: PublicOrderIdSchema, OrderPersonalInfo: OrderPersonalInfoSchema })
  .strict()
  .meta({ id: 'UpdateOrderPiRequest' });

export const UpdateOrderPiResponseSchema = z
  .object({ Order: OrderSchema, OrderPersonalInfo: StoredOrderPersonalInfoSchema })
  .meta({ id: 'UpdateOrderPiResponse' });
