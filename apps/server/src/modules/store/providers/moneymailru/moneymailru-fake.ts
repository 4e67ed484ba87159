import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { formPairsCp1251 } from '../../../../lib/cp1251.js';
import { escapeHtml } from '../../../../lib/escape-html.js';
import {
  INVOICE_ITEM_PATH,
  issuerIdOf,
  LIGHT_FORM_PATH,
  MAILRU_CURRENCIES,
  type MailRuInvoice,
  type NotificationStatus,
} from './moneymailru-api.js';
import { lightFormSignature, notificationSignature } from './moneymailru-signature.js';

/** A signed notification as Money.Mail.Ru posts it (a form). */
export interface FakeMoneyMailRuNotification {
  body: string;
  headers: Record<string, string>;
}

export interface FakeMoneyMailRuOptions {
  shopId: string;
  secretKey: string;
  apiKey: string;
  /** The origin and path prefix the browser reaches this fake at (its window's links and forms). */
  publicBase(): string;
  /** Delivers a notification to the shop (fxid's /store/webhooks/moneymailru); the shop's answer. */
  notify(notification: FakeMoneyMailRuNotification): Promise<{ status: number; text: string }>;
}

export interface FakeInvoice extends MailRuInvoice {
  issuer_id: string;
  description: string;
  /** What the window says now. */
  note: string;
}

/** The window's messages to the page that opened it (spec store §4). */
const WINDOW_EVENTS = ['paySuccess', 'payError', 'closeWindow', 'refreshWindow'] as const;

export interface FakeMoneyMailRu {
  /** Invoices by Money.Mail.Ru's invoice number (item_number). */
  readonly invoices: Map<string, FakeInvoice>;
  /** The merchant API calls made, with their form fields. */
  readonly apiCalls: Record<string, string>[];
  /** The shop's answers to the notifications delivered, in order. */
  readonly answers: string[];
  /** A notification about an invoice as it stands (overrides edit fields before signing). */
  notification(
    item: string,
    status: NotificationStatus,
    overrides?: Record<string, string>,
    secret?: string,
  ): FakeMoneyMailRuNotification;
  /** The payer paid from their wallet: the invoice is PAID and notified. */
  pay(item: string): Promise<number>;
  /** The payer refused the invoice: REJECTED, notified. */
  refuse(item: string): Promise<number>;
  /** The payment window (/pay/light/…), the merchant API (/api-json/invoice/item) and window.js. */
  routes: FastifyPluginAsync;
}

/**
 * A fake of Money.Mail.Ru on real HTTP (platform-protocols.md §7b), for the tests and for the
 * development mode that pays offline: the light payment form, refused unless signed with the
 * shop's secret as Money.Mail.Ru checks it (cp1251 values, sha1 of the secret), one invoice per
 * issuer_id under keep_uniq; a window page that pays, fails for an empty wallet, refuses the
 * invoice, closes or reloads, and posts the spec's window messages to the page that framed it;
 * the merchant API's invoice.item; and notifications signed with the secret, answered in text.
 */
export function createFakeMoneyMailRu(options: FakeMoneyMailRuOptions): FakeMoneyMailRu {
  const invoices = new Map<string, FakeInvoice>();
  const apiCalls: Record<string, string>[] = [];
  const answers: string[] = [];
  let serial = 1000;

  const require = (item: string) => {
    const invoice = invoices.get(item);
    if (!invoice) throw new Error(`no fake Money.Mail.Ru invoice ${item}`);
    return invoice;
  };

  const notification: FakeMoneyMailRu['notification'] = (item, status, overrides = {}, secret = options.secretKey) => {
    const invoice = require(item);
    const fields: Record<string, string> = {
      type: 'INVOICE',
      status,
      item_number: item,
      issuer_id: invoice.issuer_id,
      serial: String(serial++),
      auth_method: 'SHA',
      ...overrides,
    };
    fields.signature = notificationSignature(Object.entries(fields), secret);
    return {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  };

  const settle = async (item: string, status: 'PAID' | 'REJECTED') => {
    const invoice = require(item);
    invoice.status = status;
    if (status === 'PAID') invoice.paid_timestamp = Math.floor(Date.now() / 1000);
    const answer = await options.notify(notification(item, status));
    answers.push(answer.text);
    return answer.status;
  };

  /** The light form's fields, checked as Money.Mail.Ru checks them; an error text otherwise. */
  function openInvoice(fields: Map<string, string>): FakeInvoice | string {
    const field = (name: string) => fields.get(name) ?? '';
    if (field('shop_id') !== options.shopId) return 'Unknown shop';
    for (const name of ['currency', 'sum', 'description', 'issuer_id', 'signature'])
      if (!field(name)) return `Missing ${name}`;
    if (lightFormSignature(Object.fromEntries(fields), options.secretKey) !== field('signature'))
      return 'Signature error: the form was not signed with the shop secret';
    if (!(MAILRU_CURRENCIES as readonly string[]).includes(field('currency'))) return 'E1002: currency not allowed';
    if (!/^\d{1,9}\.\d{2}$/.test(field('sum')) || Number(field('sum')) <= 0) return 'E1006: invalid sum';
    const issuer = issuerIdOf(field('issuer_id'));
    const existing = [...invoices.values()].find((invoice) => invoice.issuer_id === issuer);
    if (existing && field('keep_uniq') === '1') {
      // The same form again (a reload) shows the same invoice; other terms for the same order are refused.
      if (existing.amount === field('sum') && existing.currency === field('currency')) return existing;
      return 'E1008: an invoice with this issuer_id already exists';
    }
    const invoice: FakeInvoice = {
      invoice: String(randomInt(10 ** 9, 10 ** 10 - 1)).padStart(20, '0'),
      status: 'DELIVERED',
      currency: field('currency'),
      amount: field('sum'),
      paid_amount: null,
      issuer_id: issuer,
      issue_timestamp: Math.floor(Date.now() / 1000),
      paid_timestamp: null,
      description: field('description'),
      note: '',
    };
    invoices.set(invoice.invoice, invoice);
    return invoice;
  }

  function invoiceItem(fields: URLSearchParams): unknown {
    apiCalls.push(Object.fromEntries(fields));
    if (fields.get('key') !== options.apiKey) return { errorcode: 'E0002', errormsg: 'Shop key not recognised' };
    const byNumber = fields.get('invoice_number');
    const byIssuer = fields.get('issuer_id');
    const found = byNumber
      ? invoices.get(byNumber)
      : [...invoices.values()].find((invoice) => byIssuer && invoice.issuer_id === byIssuer);
    if (!found) return { errorcode: 'E0005', errormsg: 'Invoice not found' };
    const { description: _description, note: _note, ...result } = found;
    return { result: { ...result, paid_amount: found.status === 'PAID' ? found.amount : null } };
  }

  const routes: FastifyPluginAsync = async (app) => {
    app.removeAllContentTypeParsers();
    // Forms arrive as cp1251 (the light form) or ASCII (the merchant API); both are read from the raw text.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, String(body)),
    );
    const base = () => options.publicBase();

    const lightForm = async (raw: string, reply: FastifyReply) => {
      const opened = openInvoice(new Map(formPairsCp1251(raw)));
      if (typeof opened === 'string')
        return page(reply, 400, 'Money.Mail.Ru (fake)', `<p role="alert">${escapeHtml(opened)}</p>`, base());
      return reply.redirect(`${base()}${LIGHT_FORM_PATH}invoice/${opened.invoice}`, 303);
    };
    app.get(LIGHT_FORM_PATH, { schema: { hide: true } }, async (request, reply) =>
      lightForm(request.raw.url?.split('?')[1] ?? '', reply),
    );
    app.post(LIGHT_FORM_PATH, { schema: { hide: true } }, async (request, reply) =>
      lightForm(String(request.body ?? ''), reply),
    );

    app.get(`${LIGHT_FORM_PATH}invoice/:item`, { schema: { hide: true } }, async (request, reply) => {
      const invoice = invoices.get((request.params as { item: string }).item);
      if (!invoice) return page(reply, 404, 'Money.Mail.Ru (fake)', '<p role="alert">No such invoice</p>', base());
      const event = (request.query as { event?: string }).event;
      return showInvoice(
        reply,
        invoice,
        base(),
        WINDOW_EVENTS.find((name) => name === event),
      );
    });

    app.post(`${LIGHT_FORM_PATH}invoice/:item/:choice`, { schema: { hide: true } }, async (request, reply) => {
      const { item, choice } = request.params as { item: string; choice: string };
      const invoice = invoices.get(item);
      if (!invoice) return page(reply, 404, 'Money.Mail.Ru (fake)', '<p role="alert">No such invoice</p>', base());
      let event: (typeof WINDOW_EVENTS)[number] | undefined;
      if (invoice.status === 'DELIVERED') {
        if (choice === 'pay') {
          await settle(item, 'PAID');
          invoice.note = 'Paid. Thank you!';
          event = 'paySuccess';
        } else if (choice === 'empty') {
          invoice.note = 'Not enough money in the wallet. Nothing was charged.';
          event = 'payError';
        } else if (choice === 'refuse') {
          await settle(item, 'REJECTED');
          invoice.note = 'You refused this invoice.';
          event = 'closeWindow';
        }
      }
      return reply.redirect(`${base()}${LIGHT_FORM_PATH}invoice/${item}${event ? `?event=${event}` : ''}`, 303);
    });

    app.post(INVOICE_ITEM_PATH, { schema: { hide: true } }, async (request, reply) =>
      reply.send(invoiceItem(new URLSearchParams(String(request.body ?? '')))),
    );

    app.get('/window.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(WINDOW_SCRIPT),
    );
  };

  return {
    invoices,
    apiCalls,
    answers,
    notification,
    pay: (item) => settle(item, 'PAID'),
    refuse: (item) => settle(item, 'REJECTED'),
    routes,
  };
}

/**
 * The window's messages go to the page that framed (or opened) it, as a bare event name: the
 * one the last choice led to on load, or the one a button names. \`data-ready\` on the body says the
 * buttons answer: the script comes after them, so they show before they do.
 */
const WINDOW_SCRIPT = `(function () {
  var target = window.parent !== window ? window.parent : window.opener;
  function post(name) { if (target) target.postMessage(name, '*'); }
  var initial = document.body.getAttribute('data-event');
  if (initial) post(initial);
  document.querySelectorAll('[data-post]').forEach(function (button) {
    button.addEventListener('click', function () { post(button.getAttribute('data-post')); });
  });
  document.body.setAttribute('data-ready', '');
})();`;

function showInvoice(reply: FastifyReply, invoice: FakeInvoice, base: string, event: string | undefined) {
  const action = (choice: string) => `${base}${LIGHT_FORM_PATH}invoice/${invoice.invoice}/${choice}`;
  const open = invoice.status === 'DELIVERED';
  const forms = open
    ? [
        ['pay', 'Pay from the wallet'],
        ['empty', 'Pay from an empty wallet'],
        ['refuse', 'Refuse the invoice'],
      ]
        .map(
          ([choice, label]) =>
            `<form method="post" action="${escapeHtml(action(choice ?? ''))}"><button>${label}</button></form>`,
        )
        .join('')
    : '';
  const body = `<p>${escapeHtml(invoice.description)}: <strong>${escapeHtml(`${invoice.amount} ${invoice.currency}`)}</strong></p>
<p>Invoice ${escapeHtml(invoice.invoice)}</p>
<p role="status">${escapeHtml(invoice.note || (open ? 'Choose how to pay.' : `Invoice ${invoice.status}`))}</p>${forms}
<button data-post="closeWindow">Close</button> <button data-post="refreshWindow">Reload</button>`;
  return page(reply, 200, 'Money.Mail.Ru (fake)', body, base, event);
}

function page(reply: FastifyReply, status: number, title: string, body: string, base: string, event?: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body${event ? ` data-event="${escapeHtml(event)}"` : ''} style="font-family:sans-serif;max-width:28rem;margin:1rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1>${body}<script src="${escapeHtml(base)}/window.js"></script></body></html>`;
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}
