import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /auth/authenticate_from_game: spends a game's hand-over token (a GameAccessToken). */
export function authenticateFromGame(api: ApiClient, game: string, token: string) {
  return unwrap(api.POST('/api/v1/auth/authenticate_from_game', { body: { Game: game, Token: token } }));
}
