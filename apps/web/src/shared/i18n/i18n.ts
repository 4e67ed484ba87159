import { type PageConfig, PORTAL_LOCALES } from '@fxid/contract/page-config';
import i18next, { type BackendModule, type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Logger } from '../lib/logger';
import type { Messages } from './locales/en';

// One chunk per locale, fetched only when that language is used.
const loaders = import.meta.glob<{ messages: Messages }>('./locales/*.ts');

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[`./locales/${language}.ts`];
    if (!load) {
      callback(new Error(`no translations for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The configured locales the portal has translations for. */
export function supportedLocales(config: Pick<PageConfig, 'Locales'>): string[] {
  const known: readonly string[] = PORTAL_LOCALES;
  return config.Locales.filter((locale) => known.includes(locale));
}

/**
 * The supported locale a detected browser tag stands for: exact (pt-BR → pt-br), else
 * its base language (fa-IR → fa), else the tag unchanged (which i18next then skips).
 * Without this a regional tag missed and the page's own `<html lang>` won.
 */
export function matchLocale(tag: string, supported: readonly string[]): string {
  const lower = tag.toLowerCase();
  if (supported.includes(lower)) return lower;
  const base = lower.split('-')[0] ?? lower;
  return supported.includes(base) ? base : lower;
}

/** Sets `lang` and the writing direction of the page for a language. */
export function applyDocumentLanguage(instance: i18n, language: string, root: HTMLElement): void {
  root.lang = language;
  root.dir = instance.dir(language);
}

/**
 * i18next with the browser language detector in its default order (query string,
 * cookie, localStorage, sessionStorage, navigator, html tag), then the default locale.
 */
export async function initI18n(config: PageConfig, logger: Logger): Promise<i18n> {
  const instance = i18next.createInstance();
  const supported = supportedLocales(config);
  const fallback = supported.includes(config.DefaultLocale) ? config.DefaultLocale : (supported[0] ?? 'en');
  instance.on('languageChanged', () => {
    const language = instance.resolvedLanguage ?? fallback;
    applyDocumentLanguage(instance, language, document.documentElement);
    logger.debug(`language ${language}`);
  });
  await instance
    .use(lazyLocales)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: supported,
      fallbackLng: fallback,
      lowerCaseLng: true,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
      detection: { convertDetectedLanguage: (tag: string) => matchLocale(tag, supported) },
    });
  return instance;
}
