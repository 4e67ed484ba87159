import type {
  AbsoluteGamesPaymentBlock,
  AdapterName,
  PlatformLoginBlockName,
  PlatformName,
  PlatformPaymentResponse,
  SocialIdentifierType,
} from '@fxid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import type { PlatformPayments } from '../store/payment-routing.js';

/**
 * What one host platform does on the server (ARCHITECTURE §3): turn its sign-in
 * payload into an external identity, and optionally take its purchase callbacks.
 * Each platform is one folder returning one object of this shape; the registry
 * names them. Shared signing primitives live in ../signing.ts.
 */
export interface ServerPlatform {
  /** The adapter name (spec store §1), used in paths: /api/v1/platforms/{adapter}/… */
  adapter: AdapterName;
  /** The platform enum value the portal sends as `Social`. */
  platform: PlatformName;
  /** The property of AuthenticateFromSocialRequest that carries this platform's login block. */
  loginBlock: PlatformLoginBlockName;
  /**
   * Verifies the login block for `game` (already known to be published on this
   * platform) and names the player: an identity on the platform, or (our own wrappers,
   * FxLauncher and FxNative) the fxid account itself. Throws PlatformAuthError (401) when the payload
   * does not verify, PlatformNotConfiguredError (503) when the game lacks settings.
   */
  verifyLogin(
    ctx: AppContext,
    game: GameRecord,
    block: unknown,
  ): Promise<ExternalIdentity | VouchedAccount> | ExternalIdentity | VouchedAccount;
  /**
   * Opens the platform's own payment of a product for the signed-in player (POST
   * /platforms/payment), where our server must start it (Telegram: a Stars invoice link).
   * Platforms whose client opens the payment alone (VK's order box) have none.
   */
  createPayment?(
    ctx: AppContext,
    accountId: string,
    game: GameRecord,
    input: {
      sku: string;
      developerPayload?: string | undefined;
      /** VK Play: the player's currency (spec store §5); the platform's default when absent. */
      currency?: string | undefined;
      /** The request's AbsoluteGames block (spec store §3), for Absolute Games. */
      absoluteGames?: AbsoluteGamesPaymentBlock | undefined;
    },
    log: Pick<FastifyBaseLogger, 'error'>,
  ): Promise<PlatformPaymentResponse>;
  /**
   * The platform's own routes, registered under /api/v1: what its servers call (VK's payment
   * notifications, Telegram's bot webhook) or what the portal calls to have its signed data
   * checked (Yandex purchases).
   */
  callbackRoutes?(ctx: AppContext): FastifyPluginAsyncZod;
  /** Its own payments, when it has them: purchases on this platform are paid there, not through a web provider. */
  payments?: PlatformPayments;
}

/** A player as a platform vouches for them. */
export interface ExternalIdentity {
  type: SocialIdentifierType;
  /** The player's id on the platform, as text (e.g. vk_user_id). */
  id: string;
  /** Profile facts the platform signed; used only to fill a new account. */
  profile: { name?: string | undefined; locale?: string | undefined };
}

/** An fxid account a platform vouches for directly (a wrapper's sign-in token names it). */
export interface VouchedAccount {
  accountId: string;
}
