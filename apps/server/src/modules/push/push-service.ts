import type { PushTokenSaveRequest } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, PushSubscriptionTakenError, ValidationError } from '../../errors.js';
import { endpointProblem, type ResolveHost } from './push-endpoint.js';
import { upsertSubscription } from './push-repository.js';
import { parseSubscription } from './push-subscription.js';

/** Saves the browser subscription in a push token for the signed-in account, after checking where it points. */
export async function savePushToken(
  ctx: AppContext,
  accountId: string,
  request: PushTokenSaveRequest,
  resolve?: ResolveHost,
): Promise<{ Success: true }> {
  const game = await ctx.catalog.find(request.Game);
  if (!game) throw new GameNotFoundError(request.Game);
  const parsed = parseSubscription(request.Token);
  if (!parsed.ok) throw new ValidationError([{ Field: 'body.Token', Message: parsed.problem }]);
  const subscription = parsed.value;
  const problem = await endpointProblem(subscription.endpoint, {
    production: ctx.config.mode === 'production',
    ...(resolve ? { resolve } : {}),
  });
  if (problem) throw new ValidationError([{ Field: 'body.Token', Message: problem }]);
  const saved = await upsertSubscription(
    ctx.db,
    {
      account_id: accountId,
      game_id: game.id,
      platform: request.Platform,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      expires_at: subscription.expirationTime == null ? null : Math.round(subscription.expirationTime),
    },
    ctx.now(),
  );
  if (!saved) throw new PushSubscriptionTakenError();
  return { Success: true };
}
