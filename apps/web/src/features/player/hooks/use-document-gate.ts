import { useEffect, useRef, useState } from 'react';
import { useDocumentAcceptance } from '../../../entities/documents/use-document-acceptance';

/**
 * Whether the game may load: a signed-in player first accepts every latest document
 * of the game that needs acceptance (spec §3, "Legal document"). Anonymous players
 * are never held. Once the game has loaded it stays: a player who signs in later is
 * shown the modals over the running game instead of losing their round.
 */
export function useDocumentGate(game: string | undefined, token: string | null): boolean {
  const acceptPending = useDocumentAcceptance();
  const run = useRef(acceptPending);
  run.current = acceptPending;
  const [cleared, setCleared] = useState<{ game: string; token: string } | null>(null);
  const [loadedGame, setLoadedGame] = useState<string | null>(null);

  useEffect(() => {
    if (!game || !token) return;
    const controller = new AbortController();
    void run.current({ game, token, signal: controller.signal }).then(() => {
      if (!controller.signal.aborted) setCleared({ game, token });
    });
    return () => controller.abort();
  }, [game, token]);

  const open = !!game && (!token || (cleared?.game === game && cleared.token === token) || loadedGame === game);
  useEffect(() => {
    if (open && game) setLoadedGame(game);
  }, [open, game]);
  return open;
}
