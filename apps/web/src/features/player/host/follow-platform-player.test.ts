import { describe, expect, it } from 'vitest';
import { type FollowPlayerDeps, followPlatformPlayer } from './follow-platform-player';

const payload = { Social: 'CrazyGames' as const, CrazyGames: { Token: 'jwt', IsGuest: false } };

function deps(accountId: string | null, signedInAs = 'acc-1') {
  const steps: string[] = [];
  const all: FollowPlayerDeps = {
    accountId,
    signIn: async () => {
      steps.push('signIn');
      return { Token: 'new-session', AccountId: signedInAs };
    },
    logOut: async () => {
      steps.push('logOut');
    },
    keep: (token) => steps.push(`keep ${token}`),
    reload: () => steps.push('reload'),
  };
  return { steps, all };
}

describe('following the platform player (spec store §4, CrazyGames auth listener)', () => {
  it('the player gone: log out, then reload; a guest page stays as it is', async () => {
    const signedIn = deps('acc-1');
    await followPlatformPlayer(null, signedIn.all);
    expect(signedIn.steps).toEqual(['logOut', 'reload']);
    const guest = deps(null);
    await followPlatformPlayer(null, guest.all);
    expect(guest.steps).toEqual([]);
  });

  it('another account: log out, then reload, keeping nothing', async () => {
    const { steps, all } = deps('acc-1', 'acc-2');
    await followPlatformPlayer(payload, all);
    expect(steps).toEqual(['signIn', 'logOut', 'reload']);
  });

  it('the same account, or a guest who signed in: keep the new session without reloading', async () => {
    const same = deps('acc-1', 'acc-1');
    await followPlatformPlayer(payload, same.all);
    expect(same.steps).toEqual(['signIn', 'keep new-session']);
    const guest = deps(null, 'acc-3');
    await followPlatformPlayer(payload, guest.all);
    expect(guest.steps).toEqual(['signIn', 'keep new-session']);
  });
});
