import type { CompanyBranding } from '@fxid/contract';
import { describe, expect, it } from 'vitest';
import { CONNECT_GAME_TEXTS } from '../invites/connect-game-texts.js';
import { emailInviteMail } from './email-invite-mail.js';
import { EMAIL_INVITE_TEXTS } from './email-invite-texts.js';

const LOCALES = ['en', 'de', 'es', 'fa', 'fr', 'it', 'ja', 'ko', 'pt-br', 'ru', 'tr', 'zh', 'uk', 'pl'];

/** How each language names a button: the plain-text part has none, so it may not mention one. */
const BUTTON_WORDS: Record<string, RegExp> = {
  en: /button/i,
  de: /Schaltfläche|Knopf/i,
  es: /botón/i,
  fa: /دکمه/,
  fr: /bouton/i,
  it: /pulsante|bottone/i,
  ja: /ボタン/,
  ko: /버튼/,
  'pt-br': /botão/i,
  ru: /кнопк/i,
  tr: /düğme/i,
  zh: /按钮/,
  uk: /кнопк/i,
  pl: /przycisk/i,
};

const BRANDING = { BrandName: 'fxid', CompanyName: 'fxid Games' } as CompanyBranding;
const LINK = 'http://localhost:8080/LoginValidateEmail?inviteToken=tok';

describe.each([
  ['sign-in', EMAIL_INVITE_TEXTS],
  ['connect-game', CONNECT_GAME_TEXTS],
] as const)('the %s email', (_name, texts) => {
  it('exists in all 14 locales', () => {
    expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)(
    '%s: the plain-text part asks to open the link on the next line, never to press a button',
    (locale) => {
      const mail = emailInviteMail({
        to: 'ada@example.com',
        link: LINK,
        locale,
        minutes: 30,
        branding: BRANDING,
        logoUrl: 'http://localhost:8080/brand/logo.svg',
        texts,
        placeholders: { game: 'Sky Runner' },
      });
      const [, intro, link] = mail.text.split('\n\n');
      expect(link).toBe(LINK);
      expect(intro).not.toMatch(BUTTON_WORDS[locale] as RegExp);
      expect(intro).not.toContain('{');
      // The HTML part keeps its button and the wording that goes with it.
      expect(mail.html).toContain(`href="${LINK.replace('&', '&#38;')}"`);
    },
  );
});
