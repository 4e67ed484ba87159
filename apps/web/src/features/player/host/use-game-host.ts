import { createGameHost, type GameHost, type HostHandlers } from '@fxid/sdk/host';
import { type RefObject, useEffect, useRef } from 'react';
import { createLogger } from '../../../shared/lib/logger';

const logger = createLogger('game');

/**
 * Runs the portal end of the game channel once the iframe is in the page: one private port
 * for the game's origin, and the portal-to-game events of spec §7 (focus, pause and
 * resume with the tab, orientation, language). The handlers of the first render
 * serve the whole session (they read live state through getters), so a re-render
 * never restarts the channel.
 */
export function useGameHost(
  /** The game iframe once mounted; the channel starts only then (its window must exist). */
  frame: HTMLIFrameElement | null,
  gameUrl: string | undefined,
  handlers: HostHandlers,
  language: string,
): RefObject<GameHost | null> {
  const host = useRef<GameHost | null>(null);
  const current = useRef(handlers);
  current.current = handlers;

  useEffect(() => {
    if (!frame || !gameUrl) return;
    const created = createGameHost({
      getGameWindow: () => frame.contentWindow,
      gameOrigin: new URL(gameUrl, window.location.href).origin,
      handlers: current.current,
      logger,
    });
    created.start();
    host.current = created;

    const onVisibility = () => created.emit(document.hidden ? 'pause' : 'resume');
    const onFocus = () => created.emit('focus', { focused: document.activeElement === frame });
    const onBlur = () => setTimeout(onFocus, 0); // activeElement settles after blur
    const onOrientation = () =>
      created.emit('orientationChange', {
        orientation: window.innerWidth >= window.innerHeight ? 'landscape' : 'portrait',
      });
    const landscape = window.matchMedia('(orientation: landscape)');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    landscape.addEventListener('change', onOrientation);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      landscape.removeEventListener('change', onOrientation);
      created.dispose();
      host.current = null;
    };
  }, [frame, gameUrl]);

  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    host.current?.emit('languageChange', { lang: language });
  }, [language]);

  return host;
}
