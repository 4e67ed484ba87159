import 'i18next';
import type { Messages } from './messages';

// Typed translation keys: a misspelt key fails the type check.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
