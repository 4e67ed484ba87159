import { type CgSdk, crazyGamesErrorText } from './crazygames-sdk.js';

/** Spec store §9: the auth listener waits for the token in 500 ms steps. */
const TOKEN_STEP_MS = 500;
const TOKEN_TRIES = 6;

/**
 * A fresh user token from CrazyGames, or null when it gives none: right after a sign-in the
 * SDK may answer before it has one, so it is asked again in 500 ms steps a few times.
 */
export async function readCrazyGamesToken(cg: CgSdk, log: (message: string, data?: unknown) => void) {
  for (let attempt = 1; attempt <= TOKEN_TRIES; attempt += 1) {
    try {
      const token = await cg.user.getUserToken();
      if (token) return token;
    } catch (error) {
      log('CrazyGames user token not read', crazyGamesErrorText(error));
    }
    if (attempt < TOKEN_TRIES) await new Promise((resolve) => setTimeout(resolve, TOKEN_STEP_MS));
  }
  return null;
}
