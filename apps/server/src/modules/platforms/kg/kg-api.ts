import { ServiceUnavailableError } from '../../../errors.js';

/**
 * Kongregate's server API (platform-protocols.md §3; developers.kongregate.com/docs/rest/*), over
 * real HTTP: the base URL is configurable (a fake of it in the simulator and the tests). The API
 * key never leaves the server; a Kongregate that does not answer fails closed (503).
 */
export interface KongregateUserItem {
  id: string;
  identifier: string;
  remainingUses: number | null;
}

export interface KongregateApi {
  /** Whether the token is this user's in this game (`GET /api/authenticate.json`); their name when so. */
  authenticate(userId: string, gameAuthToken: string): Promise<{ ok: true; username: string } | { ok: false }>;
  /** The user's unused items in this game (`GET /api/user_items.json`). */
  userItems(userId: string): Promise<KongregateUserItem[]>;
  /** Uses one item up (`POST /api/use_item.json`); false when Kongregate refuses (used up, not theirs). */
  useItem(userId: string, gameAuthToken: string, itemId: string): Promise<boolean>;
}

const TIMEOUT_MS = 5_000;

export function kongregateApi(baseUrl: string, apiKey: string): KongregateApi {
  const call = async (path: string, params: Record<string, string>, method: 'GET' | 'POST' = 'GET') => {
    const query = new URLSearchParams({ ...params, api_key: apiKey });
    let response: Response;
    try {
      response =
        method === 'GET'
          ? await fetch(`${baseUrl}${path}?${query}`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
          : await fetch(`${baseUrl}${path}`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: query.toString(),
              signal: AbortSignal.timeout(TIMEOUT_MS),
            });
    } catch {
      throw new ServiceUnavailableError('Kongregate');
    }
    // Kongregate answers its refusals as JSON with success false; anything else is an outage.
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    if (!body || typeof body.success !== 'boolean') throw new ServiceUnavailableError('Kongregate');
    return body;
  };
  return {
    async authenticate(userId, gameAuthToken) {
      const body = await call('/api/authenticate.json', { user_id: userId, game_auth_token: gameAuthToken });
      // Trusted only when Kongregate says so for the very user claimed.
      if (body.success !== true || String(body.user_id) !== userId) return { ok: false };
      return { ok: true, username: typeof body.username === 'string' ? body.username : '' };
    },
    async userItems(userId) {
      const body = await call('/api/user_items.json', { user_id: userId });
      if (body.success !== true || !Array.isArray(body.items)) return [];
      return body.items.flatMap((item: { id?: unknown; identifier?: unknown; remaining_uses?: unknown }) =>
        (typeof item.id === 'number' || typeof item.id === 'string') && typeof item.identifier === 'string'
          ? [
              {
                id: String(item.id),
                identifier: item.identifier,
                remainingUses: typeof item.remaining_uses === 'number' ? item.remaining_uses : null,
              },
            ]
          : [],
      );
    },
    async useItem(userId, gameAuthToken, itemId) {
      const body = await call(
        '/api/use_item.json',
        { user_id: userId, game_auth_token: gameAuthToken, id: itemId },
        'POST',
      );
      return body.success === true;
    },
  };
}
