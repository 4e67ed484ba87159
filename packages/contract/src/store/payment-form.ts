import { z } from 'zod';
import { LocaleSchema } from '../games.js';
import { CurrencyCodeSchema, PublicOrderIdSchema } from './core.js';

/** The {token} of the card payment form page `/{token}`: the sandbox checkout's unguessable id. */
export const PaymentFormTokenSchema = z
  .string()
  .regex(/^sbx_[\w-]{32}$/, 'Expected a payment form token')
  .meta({ id: 'PaymentFormToken' });

export const PaymentFormParamsSchema = z.object({ Token: PaymentFormTokenSchema });

export const PaymentFormQuerySchema = z.object({
  Locale: LocaleSchema.optional().describe('Language of the localized price; English when absent'),
});

/** Spec store §3 "payment form result", for fxid's built-in sandbox bank. */
export const PaymentFormResponseSchema = z
  .object({
    Status: z
      .enum(['Open', 'Paid', 'Declined', 'Cancelled', 'Refunded'])
      .describe('Open: the player can still choose; otherwise the page shows the outcome and links to the order'),
    Bank: z.object({
      DemoMode: z.boolean().describe('True: no real money moves'),
      ApiType: z.enum(['Bank131', 'SmartGLocal', 'Sandbox']),
    }),
    Product: z.object({
      Name: z.string(),
      Description: z.string(),
      Price: z.string().describe('The order total, formatted for Locale'),
      Currency: CurrencyCodeSchema,
    }),
    RedirectUris: z.object({
      Success: z.string().describe('Where the player goes after paying'),
      Failure: z.string().describe('Where the player goes after declining or cancelling'),
    }),
    Card: z
      .object({ Brand: z.string(), Last4: z.string().regex(/^\d{4}$/) })
      .optional()
      .describe(
        'The card the buyer last paid with, offered again while the checkout is open; absent for a first payment',
      ),
    PublicId: PublicOrderIdSchema.describe('The order; sent back with the choice'),
  })
  .meta({ id: 'PaymentFormResponse' });
export type PaymentFormResponse = z.infer<typeof PaymentFormResponseSchema>;

/** Digits of a card number pass the Luhn check (ISO/IEC 7812), as every real card's do. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export const PaymentFormChoiceRequestSchema = z
  .object({
    PublicId: PublicOrderIdSchema,
    Choice: z.enum(['Pay', 'Decline', 'Abandon']).describe('Abandon is the Cancel button'),
    CardNumber: z
      .string()
      .regex(/^\d{12,19}$/, 'Expected 12 to 19 digits')
      .refine(passesLuhn, 'Not a valid card number')
      .optional()
      .describe('Checked (digits, Luhn); only its brand and last four digits are kept. Without it, Pay uses Card'),
  })
  .strict()
  .meta({ id: 'PaymentFormChoiceRequest' });

export const PaymentFormChoiceResponseSchema = z
  .object({
    Success: z.boolean().describe('The choice was taken'),
    Data: z.object({ Success: z.boolean().describe('The payment went through (Pay); go to RedirectUris.Success') }),
  })
  .meta({ id: 'PaymentFormChoiceResponse' });
export type PaymentFormChoiceResponse = z.infer<typeof PaymentFormChoiceResponseSchema>;
