import type { ApiClient } from '../../shared/api/client';
import { PORTAL_BUILD_ID } from '../../shared/config/portal-build';
import { createLogger } from '../../shared/lib/logger';
import { ANALYTICS_PLATFORM_WEB, PAGE_SESSION_ID } from './session';
import { postAnalytics, type TrackBatch } from './track';

const logger = createLogger('analytics');

/**
 * The portal's sign-in analytics event (beside the games' stat events 781965163–781965165,
 * in the contract's range): S1 how the player signed in.
 */
export const LOGIN_EVENT_ID = 781965166;

/**
 * Records a sign-in for the account of `token` (spec §4: temp-token sign-in sends a login
 * event). Never fails the sign-in: a lost event is only logged.
 */
export async function trackLogin(api: ApiClient, token: string, method: 'temp_token'): Promise<void> {
  try {
    const batch: TrackBatch = {
      SessionId: PAGE_SESSION_ID,
      Platform: ANALYTICS_PLATFORM_WEB,
      BuildId: PORTAL_BUILD_ID,
      Events: [{ EventId: LOGIN_EVENT_ID, CreatedAt: Date.now(), S1: method }],
    };
    await postAnalytics(api, batch, { token });
  } catch (error) {
    logger.warn('login event not recorded', error);
  }
}
