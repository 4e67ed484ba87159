import { useApiClient } from '../../../shared/api/api-context';
import { createLogger } from '../../../shared/lib/logger';
import { savePushToken } from '../api/save-push-token';
import { browserPushEnvironment, type PushRegistrationResult, registerPush } from '../push-registration';
import { usePushConfirm } from './use-push-confirm';

const logger = createLogger('push');

export interface PushTarget {
  game: string;
  vapidKey: string | undefined;
  /** The player's bearer token; null for a guest, who has nowhere to save a subscription. */
  token: string | null;
}

/** Subscribes this browser to a game's notifications (what the SDK's push.register does on the own site). */
export function usePushRegistration(): (target: PushTarget) => Promise<PushRegistrationResult> {
  const api = useApiClient();
  const confirm = usePushConfirm();
  return ({ game, vapidKey, token }) =>
    registerPush(browserPushEnvironment(), {
      vapidKey,
      confirm,
      save: token ? (subscription) => savePushToken(api, token, game, subscription) : undefined,
      logger,
    });
}
