import type { TextKey } from '../i18n.js';

/** What a game tells the shell. */
export interface GameHooks {
  text(key: TextKey): string;
  /** A round began (the shell sends `gameStarted`). */
  onRoundStart(): void;
  /** A round ended (the shell sends `gameStopped` and stats). */
  onRoundEnd(score: number): void;
  /** The player picked up in-game currency. */
  onPickup(amount: number): void;
}

/** What the shell can do to a running game. */
export interface GameInstance {
  pause(): void;
  resume(): void;
  /** Whether keyboard controls are on (the portal may take the keyboard for its dialogs). */
  setKeyboard(enabled: boolean): void;
  /** A rewarded-ad bonus: a shield in Sky Runner, five extra moves in Gem Garden. */
  bonus(): void;
  /** Draws the picture again: its texts changed language. */
  redraw(): void;
  readonly best: number;
  /** Raises the best score to one saved earlier (on another device, say). */
  restoreBest(best: number): void;
  readonly lastScore: number;
}

export type CreateGame = (canvas: HTMLCanvasElement, hooks: GameHooks) => GameInstance;
