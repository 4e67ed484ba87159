import { bearerHeaders, unwrap } from '../../shared/api/call';
import type { ApiClient } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

/** One POST /analytics/track body. */
export type TrackBatch = components['schemas']['AnalyticsTrackRequestInput'];

/** POST /analytics/track: attributed to the player when a token comes along (anonymous otherwise). */
export async function postAnalytics(
  api: ApiClient,
  batch: TrackBatch,
  { token, keepalive = false }: { token?: string | null; keepalive?: boolean } = {},
): Promise<void> {
  await unwrap(
    api.POST('/api/v1/analytics/track', {
      body: batch,
      keepalive,
      ...(token ? { headers: bearerHeaders(token) } : {}),
    }),
  );
}
