import { messages as coreEnglish } from './locales/en';
import { messages as storeEnglish } from './locales/store/en';
import type { Messages } from './messages';

// For tests, which find elements by what a visitor reads: every section at once. The
// portal itself never imports this; it loads the sections as pages need them.

/** English with every section. */
export const englishMessages: Messages = { ...coreEnglish, store: storeEnglish };

/** A locale's strings with every section, from the portal's own sources. */
export async function completeMessages(locale: string): Promise<Messages> {
  const [core, store] = await Promise.all([
    import(`./locales/${locale}.ts`) as Promise<{ messages: Messages }>,
    import(`./locales/store/${locale}.ts`) as Promise<{ messages: Messages['store'] }>,
  ]);
  return { ...core.messages, store: store.messages };
}
