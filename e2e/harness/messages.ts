import { messages as en } from '../../apps/web/src/shared/i18n/locales/en';

/** The portal's English strings: tests find elements by what a visitor reads. */
export { en };

export type Messages = typeof en;

/** Every portal locale (spec §9) with its messages, loaded from the portal's own sources. */
export const LOCALES = ['en', 'de', 'es', 'fa', 'fr', 'it', 'ja', 'ko', 'pt-br', 'ru', 'tr', 'zh', 'uk', 'pl'] as const;

export async function localeMessages(locale: string): Promise<Messages> {
  const module = (await import(`../../apps/web/src/shared/i18n/locales/${locale}.ts`)) as { messages: Messages };
  return module.messages;
}

/** A message with its `{{placeholders}}` filled in, as i18next renders it. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
