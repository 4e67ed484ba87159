import { SdkError } from './errors.js';
import type { StatEvent } from './models.js';

/** A tutorial step for devtodev: the start, the end, a skip, or a step number (1, 2, …). */
export type TutorialStep = 'start' | 'completed' | 'skip' | number;

/** devtodev's tutorial value (spec §7): start → -1, completed → -2, skip → 0, step n → n. */
export function tutorialStatValue(step: TutorialStep): number {
  if (step === 'start') return -1;
  if (step === 'completed') return -2;
  if (step === 'skip') return 0;
  // 0 and negatives are taken by the markers above, so a numbered step starts at 1.
  if (!Number.isInteger(step) || step < 1) {
    throw new SdkError(
      'invalid_request',
      `Tutorial step must be start, completed, skip or an integer ≥ 1, got ${step}`,
    );
  }
  return step;
}

/** The stat event that reports a tutorial step. */
export function tutorialEvent(step: TutorialStep): StatEvent {
  return { section: 'tutorial', type: 'tutorial', name: String(step), value: tutorialStatValue(step) };
}

/** Holds stat events until statistics are initialised, then sends them in order. */
export interface StatQueue {
  /** Statistics are initialised: the next poll flushes, later events go straight out. */
  ready(): void;
  /** Sends now if ready, else waits (polling) and resolves once sent. */
  push(event: StatEvent): Promise<void>;
  dispose(): void;
}

interface Waiting {
  event: StatEvent;
  resolve(): void;
  reject(error: unknown): void;
}

/** Events beyond this many waiting are dropped, oldest first, so a game that never initialises stats cannot leak. */
const MAX_WAITING = 1000;

/** A queue that polls every `pollMs` (spec §4: once per second) until {@link StatQueue.ready}. */
export function createStatQueue(send: (event: StatEvent) => Promise<void>, pollMs: number): StatQueue {
  let isReady = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  const waiting: Waiting[] = [];

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const poll = () => {
    if (!isReady) return;
    stop();
    for (const item of waiting.splice(0)) send(item.event).then(item.resolve, item.reject);
  };

  return {
    ready() {
      isReady = true;
    },
    push(event) {
      if (isReady && waiting.length === 0) return send(event);
      return new Promise((resolve, reject) => {
        waiting.push({ event, resolve, reject });
        if (waiting.length > MAX_WAITING) {
          waiting
            .shift()
            ?.reject(new SdkError('cancelled', 'Stat event dropped: too many waiting for stat.initialize'));
        }
        timer ??= setInterval(poll, pollMs);
      });
    },
    dispose() {
      stop();
      for (const item of waiting.splice(0)) item.reject(new SdkError('disposed', 'The SDK was disposed'));
    },
  };
}
