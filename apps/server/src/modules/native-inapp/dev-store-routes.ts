import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, NotFoundError } from '../../errors.js';
import type { FakeStoreAnswer } from './google-play-fake.js';
import { appStoreOf, devAppIdOf, devStoreFakes, googlePlayOf } from './native-stores.js';

/**
 * Development only (registered by the host simulator's routes): the fake Google Play and App
 * Store APIs this server validates against when no store is configured, and two calls that
 * make a purchase in them for a game, the way a wrapper app's store sheet would, so a native
 * wrapper (or curl) can try POST /native/inapp/validate offline. Hidden from the API reference.
 */

const GOOGLE = '/dev/native/google-play';
const APPLE = '/dev/native/app-store';

const PurchaseBody = z.object({
  Game: GameSystemNameSchema,
  Sku: z.string().min(1).max(140),
  AccountId: z.string().uuid().optional().describe('The fxid account to bind it to (absent: unbound)'),
  Refunded: z.boolean().default(false),
  Pending: z.boolean().default(false),
});

export function devNativeStoreRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const send = (reply: { code(status: number): { send(body?: unknown): unknown } }, answer: FakeStoreAnswer) =>
      reply.code(answer.status).send(answer.body);
    const requireDev = (dev: boolean, store: string) => {
      if (!dev) throw new NotFoundError(`The fake ${store} (a store is configured on this server)`);
    };

    // Google's client keeps the API's own paths (/androidpublisher/v3/…) under its root URL: the
    // fake API is served at this server's root; the token endpoint beside the other fakes.
    const google = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
      requireDev(ctx.config.nativeInApp.googlePlay.dev, 'Google Play');
      const url = new URL(path, 'http://fake.invalid');
      const body = typeof request.body === 'string' ? request.body : '';
      const fake = devStoreFakes().google;
      return send(reply, await fake.handle({ method: request.method, url, headers: request.headers, body }));
    };
    app.post(`${GOOGLE}/token`, { schema: { hide: true } }, (request, reply) => google(request, reply, '/token'));
    app.route({
      method: ['GET', 'POST'],
      url: '/androidpublisher/v3/*',
      schema: { hide: true },
      handler: (request, reply) => google(request, reply, request.url),
    });

    app.get(`${APPLE}/*`, { schema: { hide: true } }, async (request, reply) => {
      requireDev(ctx.config.nativeInApp.appStore.dev, 'App Store');
      const url = new URL(request.url.slice(APPLE.length), 'http://fake.invalid');
      return send(reply, await devStoreFakes().apple.handle({ method: 'GET', url, headers: request.headers }));
    });

    app.post(`${GOOGLE}-purchases`, { schema: { hide: true, body: PurchaseBody } }, async (request) => {
      requireDev(ctx.config.nativeInApp.googlePlay.dev, 'Google Play');
      const { Game, Sku, AccountId, Refunded, Pending } = request.body;
      if (!(await ctx.catalog.find(Game)) || !googlePlayOf(ctx, Game)) throw new GameNotFoundError(Game);
      const purchase = devStoreFakes().google.addPurchase({
        packageName: devAppIdOf(Game),
        productId: Sku,
        purchaseState: Refunded ? 1 : Pending ? 2 : 0,
        ...(AccountId ? { obfuscatedExternalAccountId: AccountId } : {}),
      });
      return {
        Store: 'GooglePlay',
        PackageName: devAppIdOf(Game),
        ProductId: Sku,
        PurchaseToken: purchase.purchaseToken,
      };
    });

    app.post(`${APPLE}-transactions`, { schema: { hide: true, body: PurchaseBody } }, async (request) => {
      requireDev(ctx.config.nativeInApp.appStore.dev, 'App Store');
      const { Game, Sku, AccountId, Refunded } = request.body;
      if (!(await ctx.catalog.find(Game)) || !appStoreOf(ctx, Game)) throw new GameNotFoundError(Game);
      const transactionId = await devStoreFakes().apple.addTransaction({
        bundleId: devAppIdOf(Game),
        productId: Sku,
        ...(AccountId ? { appAccountToken: AccountId } : {}),
        ...(Refunded ? { revocationDate: Date.now(), revocationReason: 0 } : {}),
      });
      return { Store: 'AppStore', TransactionId: transactionId };
    });
  };
}
