/** Document names used in paths, and the document type each stands for. */
export const DOC_TYPES: Record<string, 'TOS' | 'PP'> = { tos: 'TOS', pp: 'PP' };

/** Docs files exist for these adapters, languages and files only (spec §2, §9). */
export const DOCS_FILE_ADAPTERS = ['fxid', 'ok', 'yandex'];
export const DOCS_FILE_LANGUAGES = ['en', 'ru'];
export const DOCS_FILES: Record<string, 'faq' | 'TOS' | 'PP'> = { 'faq.html': 'faq', 'tos.txt': 'TOS', 'pp.txt': 'PP' };

export function docTypeOf(name: string | undefined): 'TOS' | 'PP' | undefined {
  return name ? DOC_TYPES[name.toLowerCase()] : undefined;
}
