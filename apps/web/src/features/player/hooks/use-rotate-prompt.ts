import { useSyncExternalStore } from 'react';
import { needsRotation, type Orientation } from '../lib/presentation';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Whether to ask the player to turn the device: only a touch device can be turned, so a
 * laptop's window (or its full screen) never gets the prompt whatever its shape; a phone or
 * tablet gets it while its screen shows the other orientation from the one the game wants.
 */
export function useRotatePrompt(wanted: Orientation, touch: boolean): boolean {
  const wrongWay = useSyncExternalStore(subscribe, () =>
    needsRotation(wanted, { width: window.innerWidth, height: window.innerHeight }),
  );
  return touch && wrongWay;
}
