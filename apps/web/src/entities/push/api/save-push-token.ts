import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /push_tokens/save: stores the browser's subscription (serialised) for the signed-in player and game. */
export async function savePushToken(api: ApiClient, token: string, game: string, subscription: string): Promise<void> {
  await unwrap(
    api.POST('/api/v1/push_tokens/save', {
      headers: bearerHeaders(token),
      body: { Game: game, Platform: 'web', Token: subscription },
    }),
  );
}
