import type { i18n } from 'i18next';
import type { Logger } from '../lib/logger';

/** Each language named in itself, as language pickers conventionally show them. */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fa: 'فارسی',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  'pt-br': 'Português (Brasil)',
  ru: 'Русский',
  tr: 'Türkçe',
  zh: '中文',
  uk: 'Українська',
  pl: 'Polski',
};

/** Switches the UI language; a language the portal does not support is logged and ignored (spec §5). */
export async function switchLanguage(instance: i18n, language: string, logger: Logger): Promise<boolean> {
  const supported = instance.options.supportedLngs || [];
  if (!supported.includes(language) || language === 'cimode') {
    logger.warn(`language "${language}" is not supported; keeping ${instance.resolvedLanguage}`);
    return false;
  }
  await instance.changeLanguage(language);
  return true;
}

/** The name of a language in the current UI language, e.g. "English" or "английский". */
export function languageDisplayName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return LANGUAGE_NAMES[code] ?? code;
  }
}
