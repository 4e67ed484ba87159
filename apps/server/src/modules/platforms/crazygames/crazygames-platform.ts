import { CrazyGamesLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { authorizeCrazyGamesCheckout } from './crazygames-checkout.js';
import { crazyGamesGameIdOf, verifyCrazyGamesPlayer } from './crazygames-player.js';

/** CrazyGames: the SDK v3 user token (RS256, CrazyGames' public key); purchases through the web checkout. */
export const crazyGamesPlatform: ServerPlatform = {
  adapter: 'crazygames',
  platform: 'CrazyGames',
  loginBlock: 'CrazyGames',
  async verifyLogin(ctx, game, block) {
    const { Token, IsGuest } = CrazyGamesLoginSchema.parse(block);
    // A CrazyGames guest has no account there, so nothing vouches for them.
    if (IsGuest) throw new PlatformAuthError('platform_sign_invalid', 'CrazyGames', 'guest');
    const player = await verifyCrazyGamesPlayer(ctx, game, Token);
    return { type: 'CrazyGames', id: player.userId, profile: { name: player.username } };
  },
  payments: {
    configured: (ctx, game) => !!crazyGamesGameIdOf(ctx, game) && !!ctx.payments.forGame(game, 'crazygames'),
    // The web store's products: the web checkout sells them.
    sells: () => true,
    webCheckout: authorizeCrazyGamesCheckout,
  },
};
