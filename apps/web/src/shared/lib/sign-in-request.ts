/**
 * Lets any screen ask the player to sign in (the game player, a store button)
 * without importing the sign-in feature: the app shell provides the opener.
 */
type SignInOpener = () => Promise<boolean>;

let opener: SignInOpener | undefined;

/** Called once by the app shell; returns the way to withdraw it. */
export function provideSignIn(open: SignInOpener): () => void {
  opener = open;
  return () => {
    if (opener === open) opener = undefined;
  };
}

/** Opens the login modal; resolves true once the player has signed in, false if they closed it. */
export function requestSignIn(): Promise<boolean> {
  return opener ? opener() : Promise.resolve(false);
}
