import { PlatformAuthError, ServiceUnavailableError } from '../../../errors.js';

/** VK ID's user as its back channel tells it (never read from an unverified id_token: security.md §1b). */
export interface VkIdProfile {
  userId: string;
  name: string | undefined;
}

export interface VkIdExchange {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
  deviceId: string;
  state: string;
}

const TIMEOUT_MS = 10_000;

/** POSTs a form to VK ID; its `{error, error_description}` answers are the player's failures, anything else ours. */
async function post(fetchImpl: typeof fetch, url: string, form: Record<string, string>) {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ServiceUnavailableError('VK ID');
  }
  const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
  if (body && typeof body.error === 'string') {
    const description = typeof body.error_description === 'string' ? body.error_description : '';
    throw new PlatformAuthError('platform_sign_invalid', 'VkId', `${body.error}: ${description}`.slice(0, 200));
  }
  if (!response.ok || !body) throw new ServiceUnavailableError('VK ID');
  return body;
}

/**
 * The code exchange of VK ID's OAuth 2.1 (security.md §1b step 4–6): the code, the PKCE
 * verifier, the device and the same redirect URI and state go to `/oauth2/auth` as a form;
 * the answer must carry our state back; the user is then read from `/oauth2/user_info`.
 */
export async function exchangeVkIdCode(input: VkIdExchange, fetchImpl: typeof fetch = fetch): Promise<VkIdProfile> {
  const tokens = await post(fetchImpl, `${input.baseUrl}/oauth2/auth`, {
    grant_type: 'authorization_code',
    code: input.code,
    code_verifier: input.codeVerifier,
    client_id: input.clientId,
    device_id: input.deviceId,
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  if (tokens.state !== input.state) {
    throw new PlatformAuthError('platform_sign_invalid', 'VkId', 'the token answer carries another state');
  }
  const accessToken = tokens.access_token;
  const userId = String(tokens.user_id ?? '');
  if (typeof accessToken !== 'string' || !/^\d{1,20}$/.test(userId)) throw new ServiceUnavailableError('VK ID');
  const info = await post(fetchImpl, `${input.baseUrl}/oauth2/user_info`, {
    client_id: input.clientId,
    access_token: accessToken,
  });
  const user = info.user as { user_id?: unknown; first_name?: unknown; last_name?: unknown } | undefined;
  if (!user || String(user.user_id) !== userId) {
    throw new PlatformAuthError('platform_sign_invalid', 'VkId', 'user_info names another user');
  }
  const name = [user.first_name, user.last_name].filter((part) => typeof part === 'string' && part !== '').join(' ');
  return { userId, name: name || undefined };
}
