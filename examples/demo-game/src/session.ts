import type { EventName } from '@fxid/sdk';
import { t, toLocale } from './i18n.js';
import { loadProgress } from './progress.js';
import { collectPurchases, refreshStore } from './purchases.js';
import type { Shell } from './shell.js';
import { tracked } from './tracked.js';

const EVENTS: EventName[] = [
  'focus',
  'pause',
  'resume',
  'ad',
  'consentStatus',
  'languageChange',
  'orientationChange',
  'keyboardCapture',
  'accountChanged',
  'userInfoChanged',
];

/** Logs every portal event as `event {name}` and lets the game react to it. */
export function listenToPortal(shell: Shell): void {
  const { sdk, game } = shell;
  for (const name of EVENTS) {
    sdk.on(name, (payload) => {
      shell.log.add({ kind: 'event', name }, payload);
      if (name === 'pause') game.pause();
      if (name === 'resume') game.resume();
      if (name === 'keyboardCapture') game.setKeyboard((payload as { enabled: boolean }).enabled);
      if (name === 'languageChange') {
        shell.setLanguage(toLocale((payload as { lang: string }).lang));
        // Product names and prices come from the portal in its language: ask again.
        void refreshStore(shell);
      }
      if (name === 'userInfoChanged') {
        shell.info = sdk.info;
        shell.render();
        // Signed in just now: what this account owns, what it bought elsewhere, and its saved progress.
        void refreshStore(shell)
          .then(() => receivePurchases(shell))
          .then(() => loadProgress(shell));
      }
      if (name === 'accountChanged') refreshInfo(shell);
    });
  }
}

async function refreshInfo(shell: Shell): Promise<void> {
  const outcome = await tracked(shell.log, 'getInfo', () => shell.sdk.getInfo());
  if (outcome.ok) {
    shell.info = outcome.value;
    shell.render();
  }
}

/**
 * Connects to the portal: init, game info, store front, statistics, then `loadingReady`.
 * Returns false when the game runs outside a portal; it stays playable offline.
 */
export async function connect(shell: Shell): Promise<boolean> {
  const { sdk, log } = shell;
  try {
    await sdk.init();
    log.add({ kind: 'init', name: '', status: 'ok' });
  } catch (error) {
    log.add({ kind: 'init', name: '', status: 'error', code: (error as { code?: string }).code }, String(error));
    return false;
  }
  const info = await tracked(log, 'getInfo', () => sdk.getInfo());
  if (info.ok) {
    shell.info = info.value;
    const { fxId, social, environment } = info.value;
    shell.setLanguage(toLocale(fxId.locale || social.socialLocale || environment.defaultLocale));
  }
  await refreshStore(shell);
  // A purchase made in the portal's store (or anywhere while the game was closed) arrives now.
  await receivePurchases(shell);
  // Progress saved on any device (or, for a guest, in this browser) before play starts.
  await loadProgress(shell);
  await tracked(log, 'stat.initialize', () => sdk.stat.initialize());
  shell.render();
  await tracked(log, 'loadingReady', () => sdk.loadingReady());
  return true;
}

/** Collects waiting purchases and tells the player when any arrived. */
export async function receivePurchases(shell: Shell): Promise<void> {
  if ((await collectPurchases(shell)) > 0) shell.toast(t('received'));
}
