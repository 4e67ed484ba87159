import { bearerHeaders, unwrap } from '../../api/call';
import type { ApiClient } from '../../api/client';
import { readAuthToken } from '../auth-token';
import { codeChallengeOf, keepPendingVkId, randomBase64Url, takePendingVkId } from './vkid-pending';

/** What VK ID hands back after the player allowed the app (redirect query or the widget's payload). */
export interface VkIdCallback {
  code: string;
  state: string;
  deviceId: string;
}

/**
 * Starts a VK ID sign-in: a fresh PKCE pair and nonce, and a one-time state from the server
 * bound to them; with `link` the signed-in player adds VK ID to the account. Returns what the
 * widget or the redirect needs (the client id, scope, state, challenge, authorization URL).
 */
export async function startVkId(api: ApiClient, input: { game?: string | undefined; returnTo: string; link: boolean }) {
  const verifier = randomBase64Url(32);
  const nonce = randomBase64Url(32);
  const challenge = await codeChallengeOf(verifier);
  const bearer = input.link ? readAuthToken() : null;
  const started = await unwrap(
    api.POST('/api/v1/auth/vkid/start', {
      body: { CodeChallenge: challenge, BrowserNonce: nonce, ...(input.game ? { Game: input.game } : {}) },
      ...(bearer ? { headers: bearerHeaders(bearer) } : {}),
    }),
  );
  keepPendingVkId({ state: started.State, verifier, nonce, returnTo: input.returnTo, link: bearer !== null });
  return { ...started, challenge };
}

/**
 * Finishes it (spec store §7: AuthenticationType VkId, VkIdLogin): the verifier and nonce kept
 * for this state go with VK ID's code to the server, which exchanges it with VK ID. Returns the
 * session token (the same one when VK ID was added to the account) and where to go next.
 */
export async function finishVkId(api: ApiClient, callback: VkIdCallback) {
  const pending = takePendingVkId(callback.state);
  const bearer = pending.link ? readAuthToken() : null;
  const answer = await unwrap(
    api.POST('/api/v1/auth/authenticate_to_fxid', {
      body: {
        AuthenticationType: 'VkId',
        VkIdLogin: {
          Code: callback.code,
          CodeVerifier: pending.verifier,
          DeviceId: callback.deviceId,
          State: callback.state,
          BrowserNonce: pending.nonce,
        },
      },
      ...(bearer ? { headers: bearerHeaders(bearer) } : {}),
    }),
  );
  return { Token: answer.Data.Token, linked: answer.Data.Linked, returnTo: pending.returnTo };
}
