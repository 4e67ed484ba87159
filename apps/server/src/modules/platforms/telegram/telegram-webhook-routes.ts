import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { NotFoundError, PlatformWebhookAuthError } from '../../../errors.js';
import { problemResponses } from '../../../http/responses.js';
import { signaturesEqual } from '../signing.js';
import { telegramBotOf } from './telegram-bots.js';
import { handleTelegramUpdate, type TelegramUpdate } from './telegram-payments.js';

/** Bot updates about payments are small; a chat message with media stays well under this. */
const UPDATE_BODY_LIMIT = 64 * 1024;
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/**
 * The bot webhook of a game: `setWebhook(url={PUBLIC_URL}/api/v1/platforms/telegram/webhook/{Game},
 * secret_token=TELEGRAM_WEBHOOK_SECRET, allowed_updates=["message","pre_checkout_query"])`.
 * The secret header is checked before the body is read (security.md §3c.6, §12 row 24).
 */
export function telegramWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      const expected = ctx.config.platforms.telegram?.webhookSecret;
      const given = request.headers[SECRET_HEADER];
      if (!expected || typeof given !== 'string' || !signaturesEqual(given, expected)) {
        throw new PlatformWebhookAuthError('Telegram');
      }
    });

    app.post('/platforms/telegram/webhook/:Game', {
      bodyLimit: UPDATE_BODY_LIMIT,
      schema: {
        tags: ['platforms'],
        summary: "Telegram bot updates (Stars payments) for a game's bot",
        description:
          'Requires the X-Telegram-Bot-Api-Secret-Token header given to setWebhook (else 401 platform_webhook_unauthorized, nothing read). ' +
          'pre_checkout_query is answered through answerPreCheckoutQuery: ok when the payload is an invoice of this game for this ' +
          'Telegram user at its price in Stars, not paid yet and not a one-time product the player owns; else ok=false with a message. ' +
          'successful_payment makes and pays the order once per telegram_payment_charge_id; a payment that cannot be delivered ' +
          '(another game, another user, amount mismatch, invoice already paid, one-time product owned) is refunded with refundStarPayment. ' +
          'refunded_payment ends the order refunded. Outcome names what was done, as a stable code.',
        params: z.object({ Game: GameSystemNameSchema }),
        body: z.looseObject({}).describe('A Telegram Update'),
        response: {
          200: z.object({ Received: z.literal(true), Outcome: z.string() }).meta({ id: 'TelegramWebhookAnswer' }),
          ...problemResponses(400, 401, 404, 413, 415),
        },
      },
      handler: async (request) => {
        const game = await ctx.catalog.find(request.params.Game);
        if (!game || !telegramBotOf(ctx, game))
          throw new NotFoundError(`A game on Telegram called ${request.params.Game}`);
        const outcome = await handleTelegramUpdate(ctx, game, request.body as TelegramUpdate, request.log);
        request.log.info({ game: request.params.Game, outcome }, 'Telegram bot update');
        return { Received: true as const, Outcome: outcome };
      },
    });
  };
}
