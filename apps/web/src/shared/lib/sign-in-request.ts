/**
 * Lets any screen ask the player to sign in (the game player, a store button)
 * without importing the sign-in feature: the app shell provides the opener.
 */
/** `addEmail`: a signed-in player adds an email address instead (the same modal, mailing a link). */
export interface SignInRequest {
  addEmail?: boolean;
}

type SignInOpener = (request?: SignInRequest) => Promise<boolean>;

let opener: SignInOpener | undefined;
/** Requests made before the shell's sign-in part has loaded; they run once it has. */
const pending: ((open: SignInOpener) => void)[] = [];

/** Called once by the app shell; returns the way to withdraw it. */
export function provideSignIn(open: SignInOpener): () => void {
  opener = open;
  for (const run of pending.splice(0)) run(open);
  return () => {
    if (opener === open) opener = undefined;
  };
}

/** Opens the login modal; resolves true once the player has signed in, false if they closed it. */
export function requestSignIn(request?: SignInRequest): Promise<boolean> {
  if (opener) return opener(request);
  return new Promise((resolve) => pending.push((open) => resolve(open(request))));
}
