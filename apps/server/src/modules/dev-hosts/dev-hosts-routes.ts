import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { devNativeStoreRoutes } from '../native-inapp/dev-store-routes.js';
import { vkAppOf } from '../platforms/vk/vk-apps.js';
import { agHostGames, agHostRoutes } from './ag-host.js';
import { bank131HostRoutes } from './bank131-host-routes.js';
import { crazyGamesHostGames, crazyGamesHostRoutes } from './crazygames-host.js';
import { fbGamesHostGames, fbGamesHostRoutes } from './fbgames-host.js';
import { fbInstantHostGames, fbInstantHostRoutes } from './fbinstant-host.js';
import { hostScript } from './host-script.js';
import { renderHostsPage } from './hosts-page.js';
import { kongregateHostGames, kongregateHostRoutes } from './kongregate-host.js';
import { okHostGames, okHostRoutes } from './ok-host.js';
import { steamHostGames, steamHostRoutes } from './steam-host.js';
import { telegramHostGames, telegramHostRoutes } from './telegram-host-routes.js';
import { simulatedVkFriends, simulatedVkUser, simulateVkPayment, simulateVkRefund, vkLaunchUrl } from './vk-host.js';
import { vkPlayHostGames, vkPlayHostRoutes } from './vkplay-host.js';
import { wizqHostGames, wizqHostRoutes } from './wizq-host.js';
import { wrapperHostGames, wrapperHostRoutes } from './wrapper-host.js';
import { yandexHostGames, yandexHostRoutes } from './yandex-host.js';

/**
 * /dev/hosts, the host simulator (development only; never registered in production):
 * a page that plays VK or Yandex Games around the portal's player (Telegram has its own,
 * /dev/hosts/telegram), and the routes that sign for them with the game's VK or Yandex key
 * (launch, pay, refund). Hidden from the
 * API reference: no client calls them.
 */
export function devHostsRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const vkGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('vkcom') || !vkAppOf(ctx, game))
      throw new NotFoundError(`A game on VK called ${name}`);
    return game;
  };
  return async (scoped) => {
    await scoped.register(telegramHostRoutes(ctx, app));
    // The offline development bank, while Bank131 runs without keys (bank131-host-routes.ts).
    if (ctx.config.store.providers.bank131?.offline) await scoped.register(bank131HostRoutes(ctx, app));
    await scoped.register(devNativeStoreRoutes(ctx));

    scoped.get('/dev/hosts', { schema: { hide: true } }, async (request, reply) => {
      // Telegram has a page of its own: /dev/hosts?platform=telegram&… goes there (VK and Yandex play here).
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      if (query.get('platform') === 'telegram') return reply.redirect(`hosts/telegram?${query}`);
      const games = await ctx.catalog.list();
      const vkGames = games.filter((game) => game.definition.Platforms.includes('vkcom') && vkAppOf(ctx, game));
      const html = renderHostsPage({
        vkcom: vkGames.map((game) => game.definition.GameSystemName),
        yandex: yandexHostGames(ctx, games),
        telegram: telegramHostGames(ctx, games),
        ok: okHostGames(ctx, games),
        vkplay: vkPlayHostGames(ctx, games),
        crazygames: crazyGamesHostGames(ctx, games),
        kg: kongregateHostGames(ctx, games),
        fbinstantgames: fbInstantHostGames(ctx, games),
        fbgames: fbGamesHostGames(ctx, games),
        ag: agHostGames(ctx, games),
        ymobage: wizqHostGames(ctx, games),
        steam: steamHostGames(ctx, games),
        fxlauncher: wrapperHostGames(games, 'fxlauncher'),
        fxnative: wrapperHostGames(games, 'fxnative'),
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });

    scoped.get('/dev/hosts/vk-host.js', { schema: { hide: true } }, hostScript('vk-host.js'));
    // What every host page's script imports (its log, calls to these routes, the host's dialog).
    scoped.get('/dev/hosts/host-kit.js', { schema: { hide: true } }, hostScript('host-kit.js'));

    await scoped.register(yandexHostRoutes(ctx));
    await scoped.register(okHostRoutes(ctx, app));
    await scoped.register(vkPlayHostRoutes(ctx, app));
    await scoped.register(crazyGamesHostRoutes(ctx));
    await scoped.register(kongregateHostRoutes(ctx));
    await scoped.register(fbInstantHostRoutes(ctx));
    await scoped.register(fbGamesHostRoutes(ctx, app));
    await scoped.register(agHostRoutes(ctx, app));
    await scoped.register(wizqHostRoutes(ctx, app));
    await scoped.register(steamHostRoutes(ctx));
    await scoped.register(wrapperHostRoutes(ctx));

    scoped.post(
      '/dev/hosts/vkcom/launch',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            User: z.enum(['new', 'returning']),
            Language: z
              .string()
              .regex(/^[a-z]{2}$/)
              .default('ru'),
          }),
        },
      },
      async (request) => {
        const game = await vkGame(request.body.Game);
        const user = simulatedVkUser(request.body.User, ctx.config.publicUrl);
        const launch = vkLaunchUrl(ctx, game, user.id, request.body.Language);
        return { Url: launch.url, AppId: launch.appId, User: user, Friends: simulatedVkFriends(ctx.config.publicUrl) };
      },
    );

    scoped.post(
      '/dev/hosts/vkcom/pay',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            UserId: z.string().regex(/^[1-9]\d{0,18}$/),
            Item: z.string().min(1).max(64),
          }),
        },
      },
      async (request) => {
        const game = await vkGame(request.body.Game);
        const paid = await simulateVkPayment(app, ctx, game, { userId: request.body.UserId, item: request.body.Item });
        return {
          OrderId: paid.orderId,
          GetItem: paid.getItem,
          StatusChange: paid.statusChange ?? null,
          Paid: !!paid.statusChange?.response,
          Item: paid.item ?? null,
        };
      },
    );

    scoped.post(
      '/dev/hosts/vkcom/refund',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            UserId: z.string().regex(/^[1-9]\d{0,18}$/),
            OrderId: z.number().int().positive(),
            Item: z.object({
              item: z.string().min(1).max(64),
              itemId: z.string().max(64),
              title: z.string().max(100),
              price: z.string().regex(/^\d{1,9}$/),
            }),
          }),
        },
      },
      async (request) => {
        const { Game, UserId, OrderId, Item } = request.body;
        const answer = await simulateVkRefund(app, ctx, await vkGame(Game), {
          userId: UserId,
          orderId: OrderId,
          ...Item,
        });
        return { StatusChange: answer, Refunded: !!answer.response };
      },
    );
  };
}
