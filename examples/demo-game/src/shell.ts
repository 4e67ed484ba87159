import type { FxidSdk, GameInfo, StoreProduct } from '@fxid/sdk';
import type { GameMeta } from './catalog.js';
import type { GameInstance } from './games/types.js';
import type { Locale } from './i18n.js';
import type { LogPanel } from './log-panel.js';
import type { createProgress } from './progress.js';

/** Everything the panels share: the SDK, the log, the running game and the player's purse. */
export interface Shell {
  sdk: FxidSdk;
  log: LogPanel;
  meta: GameMeta;
  game: GameInstance;
  info: GameInfo | undefined;
  products: StoreProduct[];
  toast(text: string): void;
  /** The cloud-saved progress (storage.get / storage.set). */
  progress: ReturnType<typeof createProgress>;
  /** In-game currency owned. */
  readonly balance: number;
  /** Adds in-game currency and saves it. */
  addToWallet(amount: number): void;
  /** Applies what a bought product gives, `quantity` times. */
  grant(sku: string, quantity?: number): void;
  /** True once the player owns No ads or the Garden pass. */
  hasFlag(flag: 'noAds' | 'pass'): boolean;
  setLanguage(locale: Locale): void;
  /** Re-renders everything that shows text or player data. */
  render(): void;
}
