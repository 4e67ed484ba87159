import type { EventName } from '@fxid/sdk';
import { toLocale } from './i18n.js';
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
      if (name === 'languageChange') shell.setLanguage(toLocale((payload as { lang: string }).lang));
      if (name === 'userInfoChanged') {
        shell.info = sdk.info;
        shell.render();
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
  const store = await tracked(log, 'storeFront', () => sdk.storeFront());
  if (store.ok && store.value.products.length > 0) shell.products = store.value.products;
  await tracked(log, 'stat.initialize', () => sdk.stat.initialize());
  shell.render();
  await tracked(log, 'loadingReady', () => sdk.loadingReady());
  return true;
}
