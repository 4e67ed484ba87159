import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { telegramBotOf } from '../platforms/telegram/telegram-bots.js';
import { hostScript } from './host-script.js';
import {
  connectWebhook,
  SIM_THEME,
  simulatedTelegramUser,
  simulatorBotApi,
  telegramLaunchUrl,
} from './telegram-host.js';
import { renderTelegramHostPage } from './telegram-host-page.js';

/** The games the simulated Telegram can launch: those with a bot whose token this server holds. */
export function telegramHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games.filter((game) => telegramBotOf(ctx, game)?.tokens[0]).map((game) => game.definition.GameSystemName);
}

const Payer = z.object({ id: z.number().int().positive(), first_name: z.string().max(64) });

/**
 * The simulated Telegram (development only): /dev/hosts/telegram and its routes, and the
 * fake Bot API at /dev/telegram-bot-api/bot{token}/{method}, where our server's Bot API
 * calls go in development unless TELEGRAM_BOT_API_URL says otherwise.
 */
export function telegramHostRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const fake = simulatorBotApi(ctx, app);
  const telegramGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    const bot = game && telegramBotOf(ctx, game);
    if (!game || !bot?.tokens[0]) throw new NotFoundError(`A game on Telegram called ${name}`);
    return game;
  };
  const invoiceOf = (url: string) => {
    const invoice = fake.invoiceOf(url);
    if (!invoice) throw new NotFoundError('Invoice');
    return invoice;
  };
  return async (scoped) => {
    scoped.get('/dev/hosts/telegram', { schema: { hide: true } }, async (_request, reply) => {
      const html = renderTelegramHostPage(telegramHostGames(ctx, await ctx.catalog.list()));
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    });

    scoped.get('/dev/hosts/telegram-host.js', { schema: { hide: true } }, hostScript('telegram-host.js'));

    // The Bot API as Telegram serves it: JSON in, { ok, result } out, whatever the status.
    scoped.post(
      '/dev/telegram-bot-api/:bot/:method',
      { schema: { hide: true, params: z.object({ bot: z.string().regex(/^bot\d+:[\w-]+$/), method: z.string() }) } },
      async (request, reply) => {
        const answer = fake.handle(
          request.params.bot.slice(3),
          request.params.method,
          (request.body ?? {}) as Record<string, unknown>,
        );
        return reply.status(answer.status).send(answer.body);
      },
    );

    scoped.post(
      '/dev/hosts/telegram/launch',
      {
        schema: {
          hide: true,
          body: z.object({
            Game: GameSystemNameSchema,
            User: z.enum(['new', 'returning']),
            Language: z
              .string()
              .regex(/^[a-z]{2}$/)
              .default('en'),
          }),
        },
      },
      async (request) => {
        const game = await telegramGame(request.body.Game);
        connectWebhook(ctx, fake, game);
        const user = simulatedTelegramUser(request.body.User, request.body.Language);
        const launch = telegramLaunchUrl(ctx, game, user);
        return { Url: launch.url, BotId: launch.botId, User: user, Theme: SIM_THEME };
      },
    );

    scoped.post(
      '/dev/hosts/telegram/invoice',
      { schema: { hide: true, body: z.object({ Slug: z.string().min(1).max(128) }) } },
      async (request) => {
        const invoice = invoiceOf(request.body.Slug);
        return { Title: invoice.title, Description: invoice.description, Amount: invoice.amount };
      },
    );

    scoped.post(
      '/dev/hosts/telegram/pay',
      { schema: { hide: true, body: z.object({ Slug: z.string().min(1).max(128), Payer }) } },
      async (request) => {
        invoiceOf(request.body.Slug);
        const paid = await fake.pay(request.body.Slug, request.body.Payer);
        return {
          Status: paid.status,
          ErrorMessage: paid.errorMessage ?? null,
          ChargeId: paid.chargeId ?? null,
          Deliveries: paid.deliveries,
        };
      },
    );

    scoped.post(
      '/dev/hosts/telegram/refund',
      { schema: { hide: true, body: z.object({ ChargeId: z.string().min(1).max(128), Payer }) } },
      async (request) => {
        const answer = await fake.deliverPayment(request.body.ChargeId, request.body.Payer, 'refunded_payment');
        return { Status: answer.status, Answer: answer.body };
      },
    );
  };
}
