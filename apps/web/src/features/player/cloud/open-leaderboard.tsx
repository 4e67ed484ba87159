import type { LeaderboardPage } from '@fxid/sdk';
import { lazy } from 'react';
import { ClosedWatcher } from '../../../shared/ui/modals/ClosedWatcher';
import type { ModalApi } from '../../../shared/ui/modals/modal-manager';
import type { LeaderboardClientOptions } from './server-leaderboards';

const LazyLeaderboardModal = lazy(async () => ({ default: (await import('./LeaderboardModal')).LeaderboardModal }));

/** Opens the leaderboard modal over the game; resolves once it is closed, however that happened. */
export function openLeaderboard(
  modals: ModalApi,
  client: LeaderboardClientOptions,
  name: string,
  hostPage?: (limit: number) => Promise<LeaderboardPage>,
): Promise<void> {
  return new Promise((resolve) => {
    modals.open((close) => (
      <>
        <ClosedWatcher onGone={resolve} />
        <LazyLeaderboardModal client={client} name={name} hostPage={hostPage} onClose={close} />
      </>
    ));
  });
}
