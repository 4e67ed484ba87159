import { randomBytes } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { accountForProvenEmail, findAccountByEmail } from '../accounts/accounts-service.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { bridgeStandIn, hostScript } from './host-script.js';

/**
 * The server half of our simulated wrappers (development only): the desktop launcher
 * (`fxlauncher`) and the native app (`fxnative`). A launch signs a player in to the wrapper as
 * the real one would after its own email sign-in: an fxid account and a session the wrapper
 * keeps (`Bearer`); the browser half then asks the real API for sign-in tokens with it. The
 * native app's store is the development fake of /dev/native (App Store transactions).
 */

const WRAPPERS = ['fxlauncher', 'fxnative'] as const;
type Wrapper = (typeof WRAPPERS)[number];

/** The bridge each wrapper's stand-in defines (packages/platforms/src/fx-wrapper.ts and fxnative-bridge.ts). */
const BRIDGES: Record<Wrapper, Parameters<typeof bridgeStandIn>[0]> = {
  fxlauncher: {
    global: 'fxidLauncher',
    channel: 'fxlauncher-bridge',
    methods: ['signInToken', 'signal'],
    events: { onLifecycle: 'lifecycle' },
  },
  fxnative: {
    global: 'fxidNative',
    channel: 'fxnative-bridge',
    methods: ['signInToken', 'signal', 'purchase', 'finishPurchase', 'pendingPurchases'],
    events: { onLifecycle: 'lifecycle' },
  },
};

export function wrapperHostRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/dev/hosts/wrapper-host.js', { schema: { hide: true } }, hostScript('wrapper-host.js'));
    for (const wrapper of WRAPPERS) {
      app.get(`/dev/hosts/${wrapper}/bridge.js`, { schema: { hide: true } }, bridgeStandIn(BRIDGES[wrapper]));
      app.post(
        `/dev/hosts/${wrapper}/launch`,
        {
          schema: {
            hide: true,
            body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest', 'unregistered']) }),
          },
        },
        async (request) => {
          const game = await ctx.catalog.find(request.body.Game);
          if (!game?.definition.Platforms.includes(wrapper)) {
            throw new NotFoundError(`A game on ${wrapper} called ${request.body.Game}`);
          }
          const url = `${ctx.config.portal.routerBasePath}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/${wrapper}`;
          // A guest has not signed in to the wrapper: the page's own sign-in serves them.
          if (request.body.User === 'guest') return { Url: url, Bearer: null, AccountId: null, Email: null };
          const email =
            request.body.User === 'returning'
              ? `${wrapper}-player@players.test`
              : `${wrapper}-${randomBytes(6).toString('hex')}@players.test`;
          const signedIn = await ctx.db.transaction().execute(async (trx) => {
            const found = await findAccountByEmail(trx, email);
            const invite = { email, email_normalized: email, locale: null };
            const account = await accountForProvenEmail(ctx, trx, found, invite, null, ctx.now());
            return { accountId: account.id, bearer: await ctx.sessions.create(account.id, trx) };
          });
          return { Url: url, Bearer: signedIn.bearer, AccountId: signedIn.accountId, Email: email };
        },
      );
    }
  };
}

/** The games a simulated wrapper can run (published on it). */
export function wrapperHostGames(games: GameRecord[], wrapper: Wrapper): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes(wrapper))
    .map((game) => game.definition.GameSystemName);
}
