import type { Shell } from './shell.js';
import { tracked } from './tracked.js';

/**
 * Lifecycle signals around each round: `gameStarted` / `gameStopped`, the saved progress and
 * the leaderboard score (signed in), the tutorial
 * (first round start, first round completed), a level stat, an fx event, a dataLayer push,
 * and an interstitial every second round unless the player bought No ads.
 */
export function createRounds(getShell: () => Shell) {
  let played = 0;
  return {
    started: () => {
      const { sdk, log } = getShell();
      tracked(log, 'gameStarted', () => sdk.gameStarted());
      if (played === 0) tracked(log, 'stat.event', () => sdk.stat.tutorial('start'));
    },
    ended: async (score: number) => {
      const shell = getShell();
      const { sdk, log, meta } = shell;
      played++;
      await tracked(log, 'gameStopped', () => sdk.gameStopped());
      if (played === 1) tracked(log, 'stat.event', () => sdk.stat.tutorial('completed'));
      await shell.progress.save((saved) => ({
        rounds: saved.rounds + 1,
        best: Math.max(saved.best, score),
        balance: shell.balance,
      }));
      shell.render();
      // Scores go on the board under the player's account: a guest's stay in the game.
      if (shell.info?.fxId.userId) {
        await tracked(log, 'leaderboard.submit', () => sdk.leaderboard.submit(meta.leaderboard, score));
      }
      tracked(log, 'stat.event', () =>
        sdk.stat.event({ section: 'level', type: 'finish', name: meta.id, value: score }),
      );
      tracked(log, 'fxEvent', () => sdk.fxEvent({ eventCode: 'round_end', value: score, p1: meta.id }));
      tracked(log, 'analytics.dataLayerPush', () =>
        sdk.analytics.dataLayerPush({ event: 'round_end', game: meta.id, score }),
      );
      if (played % 2 === 0 && !shell.hasFlag('noAds') && !shell.hasFlag('pass')) {
        const ready = await tracked(log, 'ads.isInterstitialReady', () => sdk.ads.isInterstitialReady());
        if (ready.ok && ready.value) await tracked(log, 'ads.showInterstitial', () => sdk.ads.showInterstitial());
      }
    },
  };
}
