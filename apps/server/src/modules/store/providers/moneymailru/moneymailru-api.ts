/**
 * The parts of Money.Mail.Ru's "light" payment form, its notifications and its merchant
 * JSON API (`invoice.item`) that fxid uses (platform-protocols.md §7b; the merchant API as
 * Money.Mail.Ru's own PHP client of 2012 calls it). Sums are decimal major units; RUB is `RUR`.
 */

/** Where the light form is posted (the player's payment window) and the merchant API answers. */
export const MONEYMAILRU_HOSTS = {
  pay: 'https://money.mail.ru',
  api: 'https://merchant.money.mail.ru',
} as const;

/**
 * The three payment hosts whose window messages the portal takes (spec store §4): the live
 * host and the two demo hosts public integrations name (`demo.money.mail.ru`, `demoney.mail.ru`).
 */
export const MONEYMAILRU_WINDOW_ORIGINS = [
  'https://money.mail.ru',
  'https://demo.money.mail.ru',
  'https://demoney.mail.ru',
] as const;

export const LIGHT_FORM_PATH = '/pay/light/';
export const INVOICE_ITEM_PATH = '/api-json/invoice/item';

/** Money.Mail.Ru's name of a currency (its rouble is still `RUR`), and back. */
export const toMailRuCurrency = (iso: string) => (iso === 'RUB' ? 'RUR' : iso);
export const fromMailRuCurrency = (code: string) => (code === 'RUR' ? 'RUB' : code);

/** The currencies a shop may invoice in (Money.Mail.Ru's wallets). */
export const MAILRU_CURRENCIES = ['RUR', 'USD', 'EUR'] as const;

/** What each notification status means; DELIVERED (the invoice reached the payer) changes nothing. */
export type NotificationStatus = 'PAID' | 'REJECTED' | 'DELIVERED';

/** invoice.item's `result` (amounts as decimal strings or numbers, text fields base64 of cp1251). */
export interface MailRuInvoice {
  invoice: string;
  /** NEW, DELIVERED (may be paid), PAID, REJECTED (the payer refused), EXPIRED. */
  status: 'NEW' | 'DELIVERED' | 'PAID' | 'REJECTED' | 'EXPIRED';
  currency: string;
  amount: string | number;
  paid_amount?: string | number | null;
  issuer_id?: string | null;
  issue_timestamp?: number;
  paid_timestamp?: number | null;
}

/** The merchant API's envelope: `result`, or an `errorcode` (E0005: no such invoice) with `errormsg`. */
export type MailRuApiAnswer<T> = { result: T } | { errorcode: string; errormsg: string };

/** Our order id as the form's issuer_id carries it back in notifications (base64 of its cp1251 bytes). */
export const issuerIdOf = (publicOrderId: string) => Buffer.from(publicOrderId, 'latin1').toString('base64');
