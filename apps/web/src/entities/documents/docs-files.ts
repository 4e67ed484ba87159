/** Docs files exist for these adapters and languages only (spec §2, §9). */
export const DOCS_FILE_ADAPTERS = ['fxid', 'ok', 'yandex'];
export const DOCS_FILE_LANGUAGES = ['en', 'ru'];

/** The adapter whose docs files a page links to: its own where they exist, else fxid's. */
export function docsAdapterFor(adapter: string): string {
  return DOCS_FILE_ADAPTERS.includes(adapter) ? adapter : 'fxid';
}

/** The language of the docs shown for a UI language: Russian for Russian, else English. */
export function docsLanguageFor(language: string | undefined): 'en' | 'ru' {
  return language === 'ru' ? 'ru' : 'en';
}
