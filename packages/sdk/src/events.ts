import type { ConsentStatus, GameInfo } from './models.js';

/** Ad event types (spec §4). */
export type AdEventType = 'Finished' | 'Failed' | 'Skipped' | 'VideoAvailable' | 'InterstitialAvailable';

/** An ad lifecycle event; `kind` says which ad it concerns. */
export interface AdEvent {
  type: AdEventType;
  kind: 'video' | 'interstitial' | 'banner';
  /** Why it failed, for logs (e.g. `no_block_id`). */
  reason?: string;
}

/** Events the portal sends to the game (spec §7), with their payloads. */
export interface EventMap {
  /** The game gained (`true`) or lost (`false`) input focus. */
  focus: { focused: boolean };
  /** Mute and freeze: the tab is hidden, an ad or a dialog covers the game. */
  pause: undefined;
  /** Undo the last `pause`. */
  resume: undefined;
  ad: AdEvent;
  consentStatus: ConsentStatus;
  /** The player chose another language in the portal. */
  languageChange: { lang: string };
  orientationChange: { orientation: 'portrait' | 'landscape' };
  /** Whether the game may capture all keyboard input; off while a portal dialog with text fields is open. */
  keyboardCapture: { enabled: boolean };
  /** Another account signed in; ids are null for a guest. */
  accountChanged: { oldAccountId: string | null; newAccountId: string | null };
  /** After each sign-in: the fresh game info. */
  userInfoChanged: GameInfo;
}

export type EventName = keyof EventMap;
