import { type PlayerState, useFxidHandlers } from '../hooks/use-fxid-handlers';

/**
 * The own site's side of the game channel, as a component so that the player page
 * loads it beside the game rather than before its first paint: the SDK repeats its
 * handshake until the channel answers.
 */
export function GameChannel({ frame, ...state }: PlayerState & { frame: HTMLIFrameElement | null }) {
  useFxidHandlers(state, frame);
  return null;
}
