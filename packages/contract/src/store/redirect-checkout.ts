import { z } from 'zod';
import { GameSystemNameSchema } from '../games.js';
import { PlatformInputSchema } from '../platform.js';
import { plainText } from '../text.js';
import { CheckoutStatusSchema, CurrencyCodeSchema, PublicOrderIdSchema, SkuSchema } from './core.js';
import {
  OrderPersonalInfoSchema,
  PersonalInfoRequirementsSchema,
  StoredOrderPersonalInfoSchema,
} from './order-personal-info.js';
import { OrderSchema } from './orders.js';
import { PurchaseStatsSchema } from './payments.js';

/** Path of the redirect variant of payment creation (spec store §3, §7). */
export const CreatePaymentWithRedirectParamsSchema = z.object({ Game: GameSystemNameSchema, Sku: SkuSchema });

/** Query of the redirect variant; price, currency and quantity still come from the catalog only. */
export const CreatePaymentWithRedirectQuerySchema = z
  .object({
    Token: z
      .string()
      .regex(/^[\w-]{20,128}$/, 'Not a valid token')
      .describe('A temp token from POST /auth/create_temp_token: single use, 5 minutes; never a session token'),
    WebPublishingPlatform: PlatformInputSchema,
    Currency: CurrencyCodeSchema.optional().describe('Wanted currency; the catalog currency is charged otherwise'),
    Country: z
      .string()
      .regex(/^[A-Z]{2,3}$/, 'Expected an ISO 3166 country code')
      .optional(),
    CountryHint: z
      .string()
      .regex(/^[A-Z]{2,3}$/, 'Expected an ISO 3166 country code')
      .optional(),
    DeveloperPayload: z.string().max(2048).optional().describe('MerchantDeveloperPayload, carried to the game server'),
    ProductNameHint: plainText().max(200).optional(),
    ProductDescriptionHint: plainText({ multiline: true }).max(1000).optional(),
  })
  .strict();

/** A link token of a redirect checkout (32 random bytes, base64url). */
const OrderLinkTokenSchema = z.string().regex(/^[\w-]{43}$/, 'Not a valid token');

export const ContinueRedirectWithPiRequestSchema = z
  .object({
    Token: OrderLinkTokenSchema.describe('The Token query parameter of /Store/ContinueWithPI'),
    OrderPersonalInfo: OrderPersonalInfoSchema.optional().describe(
      'Absent: only read the order and the prefill (the token stays valid). Present: save it and continue',
    ),
  })
  .strict()
  .meta({ id: 'ContinueRedirectWithPiRequest' });

export const ContinueRedirectWithPiResponseSchema = z
  .object({
    Order: OrderSchema,
    PersonalInfoRequirements: PersonalInfoRequirementsSchema,
    OrderPersonalInfo: StoredOrderPersonalInfoSchema,
    RedirectUrl: z.string().nullable().describe("The provider's checkout once personal info was saved; null on a read"),
  })
  .meta({ id: 'ContinueRedirectWithPiResponse' });

export const MerchantPaymentCompletedRequestSchema = z
  .object({ Token: OrderLinkTokenSchema.describe('The {token} of /Store/MerchantPaymentCompleted/{token}') })
  .strict()
  .meta({ id: 'MerchantPaymentCompletedRequest' });

export const MerchantPaymentCompletedResponseSchema = z
  .object({
    TransactionId: PublicOrderIdSchema,
    Status: CheckoutStatusSchema.describe('Payed once the provider confirmed; poll while Created'),
    Order: OrderSchema,
    Stats: PurchaseStatsSchema,
    ReturnUrl: z.string().describe("Where to send the player afterwards: the game's page on this portal"),
  })
  .meta({ id: 'MerchantPaymentCompletedResponse' });
