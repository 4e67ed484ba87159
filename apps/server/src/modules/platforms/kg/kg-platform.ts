import { KongregateLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { kongregateApiKeyOf, kongregatePriceOf, requireKongregateApi } from './kg-games.js';
import { kongregateItemRoutes } from './kg-item-routes.js';

/** Kongregate: the game auth token checked by Kongregate's authenticate API; microtransaction items. */
export const kongregatePlatform: ServerPlatform = {
  adapter: 'kg',
  platform: 'Kongregate',
  loginBlock: 'Kongregate',
  async verifyLogin(ctx, game, block) {
    const { UserId, GameAuthToken } = KongregateLoginSchema.parse(block);
    const answer = await requireKongregateApi(ctx, game).authenticate(UserId, GameAuthToken);
    if (!answer.ok) throw new PlatformAuthError('platform_sign_invalid', 'Kongregate', 'not_authenticated');
    return { type: 'Kongregate', id: UserId, profile: { name: answer.username || undefined } };
  },
  callbackRoutes: kongregateItemRoutes,
  payments: {
    configured: (ctx, game) => !!kongregateApiKeyOf(ctx, game),
    sells: (product) => kongregatePriceOf(product) !== undefined,
  },
};
