import { type ReactNode, type Ref, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementSize } from '../hooks/use-element-size';
import { useRotatePrompt } from '../hooks/use-rotate-prompt';
import { fitGameArea, type Orientation, type Presentation } from '../lib/presentation';

/** The height below the game that holds the rotate prompt (two lines) without covering the game. */
const PROMPT_ROOM = 64;

/**
 * The game area: fills the space it is given within the game's presentation
 * limits, and shows the loader on top until the game is ready.
 */
export function GameStage({
  name,
  frame,
  gameUrl,
  presentation,
  orientation,
  touch,
  loader,
  children,
}: {
  name: string;
  /** Receives the iframe the game channel talks to. */
  frame: Ref<HTMLIFrameElement>;
  gameUrl: string | undefined;
  presentation: Presentation | undefined;
  orientation: Orientation;
  /** A touch device, the only kind the player can turn to match the game. */
  touch: boolean;
  /** The loader screen, or null once the game reported loading ready. */
  loader: ReactNode;
  /** Content instead of an iframe (a Unity canvas). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const stage = useRef<HTMLDivElement>(null);
  const available = useElementSize(stage);
  const area = available && fitGameArea(available, presentation);
  const rotate = useRotatePrompt(orientation, touch);
  // The rotate prompt sits right under the game where the screen leaves room below it (a game
  // played across on an upright phone), else over the game's bottom edge.
  const promptTop = area && available.height - area.height >= PROMPT_ROOM ? area.height : undefined;

  return (
    // At the top, not centred: a game narrower than the screen's shape (across on an upright phone)
    // starts right under the toolbar instead of below an empty band, and the room left is below it.
    <div ref={stage} className="relative flex h-full w-full items-start justify-center overflow-hidden">
      {area && (
        <div className="relative" style={{ width: area.width, height: area.height }}>
          {gameUrl ? (
            <iframe
              ref={frame}
              src={gameUrl}
              title={t('player.frameTitle', { name })}
              data-testid="game-frame"
              className="h-full w-full border-0"
              // No web-share: games share through the SDK (the portal's share modal), and Chromium
              // builds without Web Share warn about the name. No allowfullscreen: `allow` grants it.
              allow="autoplay; fullscreen; gamepad; clipboard-write"
            />
          ) : (
            children
          )}
          {loader}
        </div>
      )}
      {/* Once the game's area is known: placed before, it would move when the area came (a layout shift). */}
      {rotate && area && (
        <div
          style={promptTop === undefined ? undefined : { top: promptTop }}
          className={`absolute inset-x-0 z-20 bg-slate-950/80 px-4 py-2 text-center text-sm text-white ${promptTop === undefined ? 'bottom-0' : ''}`}
        >
          {t('player.rotate', { name })}
        </div>
      )}
    </div>
  );
}
