import type { SocialSignIn } from '@fxid/platforms';

export interface FollowPlayerDeps {
  /** The account this page is signed in as, or null for a guest. */
  accountId: string | null;
  signIn(payload: SocialSignIn): Promise<{ Token: string; AccountId: string }>;
  /** Ends this page's session on the server (spec store §7: logout is called before reloads) and forgets it. */
  logOut(): Promise<void>;
  keep(token: string): void;
  reload(): void;
}

/**
 * Spec store §4 (CrazyGames auth listener): the host platform's player changed while the page
 * runs. Gone (signed out there): log out and reload. Someone signed in: their payload signs in
 * on our server; the same account keeps playing with the new session, another account means
 * log out and reload, so that nothing of the previous player stays on the page.
 */
export async function followPlatformPlayer(signIn: SocialSignIn | null, deps: FollowPlayerDeps): Promise<void> {
  if (!signIn) {
    if (!deps.accountId) return;
    await deps.logOut();
    deps.reload();
    return;
  }
  const session = await deps.signIn(signIn);
  if (deps.accountId && session.AccountId !== deps.accountId) {
    await deps.logOut();
    deps.reload();
    return;
  }
  deps.keep(session.Token);
}
