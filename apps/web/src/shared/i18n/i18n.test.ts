// @vitest-environment jsdom

import { matchLocale } from '@fxid/contract/page-config';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../lib/logger';
import { completeMessages, englishMessages as en } from './complete-messages';
import { initI18n, loadMessageSection, supportedLocales } from './i18n';
import { switchLanguage } from './language';

const config = {
  RouterBasePath: '/',
  RouterType: 'browser' as const,
  ApiBasePath: '',
  Locales: ['en', 'ru', 'fa'],
  DefaultLocale: 'en',
};
const silent = createLogger('test', { debug() {}, info() {}, warn() {}, error() {}, log() {} });

const leafCount = (value: unknown): number =>
  typeof value === 'string'
    ? 1
    : Object.values(value as object).reduce((sum: number, item) => sum + leafCount(item), 0);

describe('i18n', () => {
  it('names the play button the way the game card labels it (screen-reader label contains the visible text)', async () => {
    for (const locale of ['en', 'de', 'es', 'fa', 'fr', 'it', 'ja', 'ko', 'pt-br', 'ru', 'tr', 'zh', 'uk', 'pl']) {
      const { messages } = await import(`./locales/${locale}.ts`);
      expect(messages.landing.playGame.toLowerCase(), locale).toContain(messages.common.play.toLowerCase());
    }
  });

  it('maps a regional browser language to the supported locale', () => {
    const supported = ['en', 'fa', 'pt-br', 'de'];
    expect(matchLocale('fa-IR', supported)).toBe('fa');
    expect(matchLocale('pt-BR', supported)).toBe('pt-br');
    expect(matchLocale('de', supported)).toBe('de');
    expect(matchLocale('pt-PT', supported)).toBe('pt-pt');
  });

  it('keeps only the configured locales the portal has translations for', () => {
    expect(supportedLocales({ Locales: ['en', 'xx', 'pt-br'] })).toEqual(['en', 'pt-br']);
  });

  it('translates every string of every locale (no English copies)', async () => {
    const locales = ['de', 'es', 'fa', 'fr', 'it', 'ja', 'ko', 'pt-br', 'ru', 'tr', 'zh', 'uk', 'pl'];
    const englishLeaves = leafCount(en);
    const same = [
      'OK',
      'FAQ',
      'Info',
      'Status',
      'Link',
      '© {{year}} {{company}}',
      'Update',
      'Profil',
      'Important',
      'Email',
      'Account',
    ];
    for (const locale of locales) {
      const messages = await completeMessages(locale);
      expect(leafCount(messages), locale).toBe(englishLeaves);
      const copies: string[] = [];
      const walk = (a: Record<string, unknown>, b: Record<string, unknown>, path: string) => {
        for (const [key, value] of Object.entries(a)) {
          if (typeof value === 'string') {
            if (value === b[key] && !same.includes(value)) copies.push(`${path}${key}`);
          } else walk(value as Record<string, unknown>, b[key] as Record<string, unknown>, `${path}${key}.`);
        }
      };
      walk(en, messages as unknown as Record<string, unknown>, '');
      expect(copies, `${locale} leaves English copies`).toEqual([]);
    }
  });

  it('sets lang and right-to-left direction for fa, and ignores unsupported languages', async () => {
    window.history.replaceState(null, '', '/?lng=fa');
    const warn = vi.fn();
    const logger = createLogger('test', { debug() {}, info() {}, warn, error() {}, log() {} });
    const instance = await initI18n(config, silent);
    expect(instance.resolvedLanguage).toBe('fa');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('fa');
    expect(instance.t('common.close')).toBe('بستن');

    await switchLanguage(instance, 'ru', logger);
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('ru');

    expect(await switchLanguage(instance, 'de', logger)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(instance.resolvedLanguage).toBe('ru');
  });

  it('loads the store section on demand, and with every language loaded after', async () => {
    window.history.replaceState(null, '', '/?lng=ru');
    const instance = await initI18n(config, silent);
    expect(instance.exists('store.storeTitle')).toBe(false);
    expect(instance.t('common.close')).toBe('Закрыть');

    await loadMessageSection('store', instance);
    expect(instance.t('store.storeTitle')).toBe('Магазин');
    // English, the fallback, got it too.
    expect(instance.getResource('en', 'translation', 'store.storeTitle')).toBe(en.store.storeTitle);

    await switchLanguage(instance, 'fa', silent);
    expect(instance.t('store.paymentFormDecline')).not.toBe('store.paymentFormDecline');
    expect(instance.t('store.paymentFormDecline')).not.toBe(en.store.paymentFormDecline);
  });
});
