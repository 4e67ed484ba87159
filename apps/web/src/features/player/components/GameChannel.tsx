import type { PlatformAdapter, PortalFeatures } from '@fxid/platforms';
import type { RefObject } from 'react';
import { type PlayerState, useHostHandlers } from '../hooks/use-host-handlers';

/**
 * The portal's side of the game channel, as a component so that the player page
 * loads it beside the game rather than before its first paint: the SDK repeats its
 * handshake until the channel answers.
 */
export function GameChannel({
  frame,
  adapter,
  features,
  ...state
}: PlayerState & {
  frame: HTMLIFrameElement | null;
  adapter: PlatformAdapter;
  features: RefObject<PortalFeatures | null>;
}) {
  useHostHandlers(state, frame, adapter, features);
  return null;
}
