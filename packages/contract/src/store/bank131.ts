import { z } from 'zod';
import { LocaleSchema } from '../games.js';
import { CurrencyCodeSchema, PublicOrderIdSchema } from './core.js';

/** The {token} of a Bank131 card payment form page `/{token}`: fxid's unguessable id of the checkout. */
export const Bank131FormTokenSchema = z
  .string()
  .regex(/^b131_[\w-]{32}$/, 'Expected a Bank131 payment form token')
  .meta({ id: 'Bank131FormToken' });

export const Bank131FormParamsSchema = z.object({ Token: Bank131FormTokenSchema });

/** `GET {token}?PublicId` (spec store §7): the token and the order it was made for, both required. */
export const Bank131FormQuerySchema = z.object({
  PublicId: PublicOrderIdSchema,
  Locale: LocaleSchema.optional().describe('Language of the localized price; English when absent'),
});

/** The buyer's e-mail for the receipt, split as a mail address is (spec store §3 address block). */
export const MailAddressSchema = z
  .object({
    DisplayName: z.string(),
    User: z.string(),
    Host: z.string(),
    Address: z.string(),
  })
  .meta({ id: 'MailAddress' });

/** Spec store §3 "Bank131 payment form result". */
export const Bank131FormResponseSchema = z
  .object({
    Status: z
      .enum(['Open', 'Processing', 'Paid', 'Declined', 'Cancelled', 'Refunded'])
      .describe('Open: the player can pay; Processing: the bank is deciding; otherwise the outcome'),
    Bank: z.object({
      DemoMode: z.boolean().describe("True on the bank's demo environment: no real money moves"),
      ApiType: z.enum(['Bank131', 'SmartGLocal']),
    }),
    Product: z.object({
      Name: z.string(),
      Description: z.string(),
      Price: z.string().describe('The order total, formatted for Locale'),
      Currency: CurrencyCodeSchema,
    }),
    RedirectUris: z.object({
      Success: z.string().describe('Where the player goes after paying'),
      Failure: z.string().describe('Where the player goes after a refusal or cancelling'),
    }),
    Address: MailAddressSchema.optional().describe("Where the receipt goes: the order's personal-info e-mail"),
    Card: z
      .object({ Brand: z.string(), Last4: z.string().regex(/^\d{4}$/) })
      .optional()
      .describe('The card the buyer last paid with at this bank, offered again while the form is open'),
    Widget: z
      .object({
        PublicToken: z.string().describe("The bank's public token for its card widget (tokenize_widget)"),
        ScriptUrl: z.string().describe("The card widget's script"),
      })
      .optional()
      .describe('Present while the form is open: the card is typed into the bank widget, never sent to fxid'),
    Sbp: z.boolean().describe('SBP (faster payments by QR) is offered: the order is in roubles'),
    PublicId: PublicOrderIdSchema,
  })
  .meta({ id: 'Bank131FormResponse' });
export type Bank131FormResponse = z.infer<typeof Bank131FormResponseSchema>;

export const Bank131PayRequestSchema = z
  .object({
    PublicId: PublicOrderIdSchema,
    Choice: z.enum(['Pay', 'Abandon']).describe('Abandon is the Cancel button'),
    CardToken: z
      .string()
      .regex(/^[\w-]{8,200}$/, 'Expected a card token from the bank widget')
      .optional()
      .describe("The bank widget's token of the typed card; without it, Pay uses the saved Card"),
  })
  .strict()
  .meta({ id: 'Bank131PayRequest' });

export const Bank131PayResponseSchema = z
  .object({
    Success: z.boolean().describe('The choice was taken'),
    Data: z.object({
      Success: z.boolean().describe('The payment was started (Pay); the bank decides it, the form then shows Paid'),
    }),
  })
  .meta({ id: 'Bank131PayResponse' });
export type Bank131PayResponse = z.infer<typeof Bank131PayResponseSchema>;

export const Bank131SbpRequestSchema = z
  .object({ Token: Bank131FormTokenSchema, PublicId: PublicOrderIdSchema })
  .strict()
  .meta({ id: 'Bank131SbpRequest' });

export const Bank131SbpResponseSchema = z
  .object({
    Qr: z
      .object({
        Content: z.string().describe('The https://qr.nspk.ru/… link: the QR code to show, and the link on a phone'),
        Image: z.string().nullable().describe("The bank's own QR image (data URL or address), when it gives one"),
      })
      .nullable()
      .describe('Null until the bank has issued the QR: ask again in a second'),
  })
  .meta({ id: 'Bank131SbpResponse' });
export type Bank131SbpResponse = z.infer<typeof Bank131SbpResponseSchema>;
