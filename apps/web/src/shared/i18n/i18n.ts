import { matchLocale, type PageConfig, PORTAL_LOCALES } from '@fxid/contract/page-config';
import i18next, { type BackendModule, type i18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Logger } from '../lib/logger';
import type { MessageSection } from './messages';

// One chunk per locale and part, fetched only when that language (and part) is used.
const coreLoaders = import.meta.glob<{ messages: object }>('./locales/*.ts');
const sectionLoaders: Record<MessageSection, Record<string, () => Promise<{ messages: object }>>> = {
  store: import.meta.glob<{ messages: object }>('./locales/store/*.ts'),
};

/** Sections some page or flow asked for: every language loaded from now on brings them too. */
const wantedSections = new Set<MessageSection>();

async function loadSection(section: MessageSection, language: string): Promise<object> {
  const load = sectionLoaders[section][`./locales/${section}/${language}.ts`];
  if (!load) throw new Error(`no ${section} translations for ${language}`);
  return (await load()).messages;
}

/** A language's core strings with every wanted section, as one resource bundle. */
async function loadLanguage(language: string): Promise<object> {
  const load = coreLoaders[`./locales/${language}.ts`];
  if (!load) throw new Error(`no translations for ${language}`);
  const sections = [...wantedSections];
  const [core, ...parts] = await Promise.all([
    load().then((module) => module.messages),
    ...sections.map((section) => loadSection(section, language)),
  ]);
  return Object.assign({}, core, Object.fromEntries(sections.map((section, index) => [section, parts[index]])));
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadLanguage(language).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

let current: i18n | undefined;

/**
 * Loads a section's strings for the languages in use, and for every language loaded later.
 * Pages and flows that show them await this first, so no key is ever shown untranslated.
 */
export async function loadMessageSection(section: MessageSection, instance: i18n | undefined = current): Promise<void> {
  wantedSections.add(section);
  if (!instance) return;
  // The language in use and its fallbacks, those whose core strings are here.
  const loaded = [...new Set(instance.languages)].filter((language) =>
    instance.hasResourceBundle(language, 'translation'),
  );
  await Promise.all(
    loaded.map(async (language) => {
      if (instance.getResource(language, 'translation', section)) return;
      const messages = await loadSection(section, language);
      instance.addResourceBundle(language, 'translation', { [section]: messages }, true, true);
    }),
  );
}

/** The configured locales the portal has translations for. */
export function supportedLocales(config: Pick<PageConfig, 'Locales'>): string[] {
  const known: readonly string[] = PORTAL_LOCALES;
  return config.Locales.filter((locale) => known.includes(locale));
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
  current = instance;
  return instance;
}
