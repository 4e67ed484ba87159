/** Document names used in paths, and the document type each stands for. */
export const DOC_TYPES: Record<string, 'TOS' | 'PP'> = { tos: 'TOS', pp: 'PP' };

/** The docs files there are (for the adapters and languages of entities/documents/docs-files). */
export const DOCS_FILES: Record<string, 'faq' | 'TOS' | 'PP'> = { 'faq.html': 'faq', 'tos.txt': 'TOS', 'pp.txt': 'PP' };

export function docTypeOf(name: string | undefined): 'TOS' | 'PP' | undefined {
  return name ? DOC_TYPES[name.toLowerCase()] : undefined;
}
