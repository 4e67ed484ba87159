import { useCallback, useSyncExternalStore } from 'react';
import { type Orientation, wrongOrientationQuery } from '../lib/presentation';

/**
 * Whether to ask the player to turn the device: only a touch device can be turned, so a
 * laptop's window (or its full screen) never gets the prompt whatever its shape; a phone or
 * tablet gets it while its screen shows the other orientation from the one the game wants.
 * Asked of a media query, not of the window's size: reading innerWidth while the page is being
 * built forces a layout of the whole page inside that task (30 ms here, on the path to first paint).
 */
export function useRotatePrompt(wanted: Orientation, touch: boolean): boolean {
  const query = touch ? wrongOrientationQuery(wanted) : undefined;
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!query) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => query !== undefined && window.matchMedia(query).matches);
}
