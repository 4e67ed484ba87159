import type { CoreMessages } from './locales/en';
import type { StoreMessages } from './locales/store/en';

/**
 * Every portal string, as t() knows them. They load in two parts so that a page's first
 * load carries only what every page needs: the core (./locales/{lang}) with the language,
 * and the store section (./locales/store/{lang}) with the store and payment pages and
 * with a purchase (see loadMessageSection).
 */
export type Messages = CoreMessages & { store: StoreMessages };

/** The parts of Messages loaded on demand. */
export type MessageSection = 'store';
