import { completeMessages, englishMessages as en } from '../../apps/web/src/shared/i18n/complete-messages';
import type { Messages } from '../../apps/web/src/shared/i18n/messages';

export type { Messages };
/** The portal's English strings: tests find elements by what a visitor reads. */
export { en };

/** Every portal locale (spec §9) with its messages, loaded from the portal's own sources. */
export const LOCALES = ['en', 'de', 'es', 'fa', 'fr', 'it', 'ja', 'ko', 'pt-br', 'ru', 'tr', 'zh', 'uk', 'pl'] as const;

export const localeMessages = completeMessages;

/** A message with its `{{placeholders}}` filled in, as i18next renders it. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
