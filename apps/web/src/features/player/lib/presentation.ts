import type { components } from '../../../shared/api/schema';

export type Presentation = components['schemas']['Presentation'];
export type Orientation = components['schemas']['GameOrientation'];

export interface Size {
  width: number;
  height: number;
}

/**
 * The game area inside the space available: the largest size whose width/height
 * ratio stays within the game's limits and whose sides stay within its maximum
 * size. A minimum size wins over the available space (the page scrolls instead of
 * squeezing a game below what it can show).
 */
export function fitGameArea(available: Size, presentation: Presentation | undefined): Size {
  let { width, height } = available;
  const { MinRatio, MaxRatio, MinSize, MaxSize } = presentation ?? {};
  if (MaxSize) {
    width = Math.min(width, MaxSize.Width);
    height = Math.min(height, MaxSize.Height);
  }
  if (MaxRatio && width / height > MaxRatio) width = height * MaxRatio;
  if (MinRatio && width / height < MinRatio) height = width / MinRatio;
  if (MinSize) {
    width = Math.max(width, MinSize.Width);
    height = Math.max(height, MinSize.Height);
  }
  return { width: Math.floor(width), height: Math.floor(height) };
}

/** The presentation for this device: phones use the mobile variant when the game has one. */
export function presentationFor(
  game: { Presentation?: Presentation; MobilePresentation?: Presentation },
  isMobile: boolean,
): Presentation | undefined {
  return (isMobile ? game.MobilePresentation : undefined) ?? game.Presentation;
}

/**
 * The media query that matches while the player should turn the device: the game wants one
 * orientation and the screen shows the other. Undefined for a game that takes either.
 */
export function wrongOrientationQuery(wanted: Orientation): string | undefined {
  if (wanted === 'Horizontal') return '(orientation: portrait)';
  if (wanted === 'Vertical') return '(orientation: landscape)';
  return undefined;
}
