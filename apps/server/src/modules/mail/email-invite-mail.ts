import type { CompanyBranding } from '@fxid/contract';
import { EMAIL_INVITE_TEXTS, type EmailInviteTexts } from './email-invite-texts.js';
import type { MailMessage } from './mailer.js';

const RTL_LOCALES = new Set(['fa']);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The sign-in email: text and HTML parts in the player's language, with the company's branding. */
export function emailInviteMail(input: {
  to: string;
  link: string;
  locale: string | undefined;
  minutes: number;
  branding: CompanyBranding;
  logoUrl: string;
  /** Other wording for the same kind of link email (e.g. connecting a game); sign-in texts by default. */
  texts?: Record<string, EmailInviteTexts>;
  /** More `{name}` placeholders to fill in the texts. */
  placeholders?: Record<string, string>;
}): MailMessage {
  const texts = input.texts ?? EMAIL_INVITE_TEXTS;
  const locale = input.locale && input.locale in texts ? input.locale : 'en';
  const raw = texts[locale] ?? texts.en;
  if (!raw) throw new Error('the English texts of the link email are missing');
  const values: Record<string, string> = {
    ...input.placeholders,
    brand: input.branding.BrandName,
    minutes: String(input.minutes),
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
  const t = { ...raw };
  for (const key of Object.keys(t) as (keyof EmailInviteTexts)[]) t[key] = fill(raw[key]);
  const dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
  const e = escapeHtml;

  const text = `${t.heading}\n\n${t.textIntro}\n\n${input.link}\n\n${t.expiry}\n${t.ignore}\n\n${input.branding.CompanyName}\n`;
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}"><body style="margin:0;background:#f3f5f9;font-family:system-ui,sans-serif;color:#17202e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#fff;border-radius:12px;padding:32px">
<tr><td><img src="${e(input.logoUrl)}" alt="${e(input.branding.BrandName)}" width="48" height="48"></td></tr>
<tr><td><h1 style="font-size:22px;margin:16px 0 8px">${e(t.heading)}</h1><p>${e(t.intro)}</p></td></tr>
<tr><td style="padding:16px 0"><a href="${e(input.link)}" style="display:inline-block;background:#ff7a2f;color:#fff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:600">${e(t.button)}</a></td></tr>
<tr><td style="font-size:13px;color:#5b6678"><p>${e(t.expiry)}</p><p>${e(t.ignore)}</p><p>${e(input.branding.CompanyName)}</p></td></tr>
</table></td></tr></table></body></html>
`;
  return { to: input.to, subject: t.subject, text, html };
}
