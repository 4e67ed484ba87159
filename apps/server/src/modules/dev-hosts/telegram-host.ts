import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { requireTelegramBot } from '../platforms/telegram/telegram-bots.js';
import { initDataHash } from '../platforms/telegram/telegram-init-data.js';
import { FakeTelegramBotApi } from './telegram-bot-api-fake.js';

/**
 * The server half of the simulated Telegram (development only): it holds the game's
 * bot token, so it signs initData as Telegram signs it, and it runs the fake Bot API
 * our server talks to (the default Bot API address in development), which pays Stars
 * invoices by posting the bot's webhook as Telegram does.
 */

/** A simulated Telegram user. */
export interface TelegramSimUser {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
  language_code: string;
}

const NAMES: [string, string][] = [
  ['Pavel', 'Orlov'],
  ['Maria', 'Ivanova'],
  ['Alex', 'Smith'],
];

/** The returning user of every game: one fixed Telegram id, so a second visit finds the same account. */
export const RETURNING_TELEGRAM_USER_ID = 700000001;

export function simulatedTelegramUser(kind: 'new' | 'returning', language: string): TelegramSimUser {
  const id = kind === 'returning' ? RETURNING_TELEGRAM_USER_ID : randomInt(800_000_000, 2 ** 40);
  const [first_name, last_name] = NAMES[id % NAMES.length] ?? ['Pavel', 'Orlov'];
  return { id, first_name, last_name, username: `${first_name.toLowerCase()}${id % 1000}`, language_code: language };
}

/** Telegram Web's light theme, as tgWebAppThemeParams carries it. */
export const SIM_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#3390ec',
  button_color: '#3390ec',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f4f4f5',
};

/** The portal's player page for `game` on Telegram, with initData in the hash, signed with the game's bot token. */
export function telegramLaunchUrl(ctx: AppContext, game: GameRecord, user: TelegramSimUser) {
  const bot = requireTelegramBot(ctx, game);
  const pairs = new Map<string, string>([
    ['user', JSON.stringify(user)],
    ['chat_instance', String(randomInt(1e9, 9e9))],
    ['chat_type', 'sender'],
    ['auth_date', String(Math.floor(ctx.now() / 1000))],
  ]);
  pairs.set('hash', initDataHash(pairs, bot.tokens[0] ?? ''));
  const hash = new URLSearchParams({
    tgWebAppData: new URLSearchParams([...pairs]).toString(),
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'weba',
    tgWebAppThemeParams: JSON.stringify(SIM_THEME),
  });
  const base = ctx.config.portal.routerBasePath;
  return {
    url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/telegram#${hash}`,
    botId: bot.botId,
  };
}

/**
 * The fake Bot API of the simulator: it knows the bots this server may use, and delivers
 * the bot's updates to our own webhook through this server's HTTP stack.
 */
export function simulatorBotApi(ctx: AppContext, app: FastifyInstance): FakeTelegramBotApi {
  const telegram = ctx.config.platforms.telegram;
  const configured = new Set(Object.values(telegram?.bots ?? {}).flatMap((bot) => bot.tokens));
  const devSuffix = telegram?.devTokenSecret && `:${telegram.devTokenSecret}`;
  return new FakeTelegramBotApi(
    (token) => configured.has(token) || (!!devSuffix && token.endsWith(devSuffix)),
    async (url, secretToken, update) => {
      const response = await app.inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { 'x-telegram-bot-api-secret-token': secretToken },
        payload: update,
      });
      return { status: response.statusCode, body: response.json() };
    },
  );
}

/** What an operator does once per bot: setWebhook to the game's webhook with the secret token. */
export function connectWebhook(ctx: AppContext, fake: FakeTelegramBotApi, game: GameRecord): void {
  const token = requireTelegramBot(ctx, game).tokens[0] ?? '';
  const name = encodeURIComponent(game.definition.GameSystemName);
  fake.setWebhook(token, {
    url: `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}api/v1/platforms/telegram/webhook/${name}`,
    secret_token: ctx.config.platforms.telegram?.webhookSecret ?? '',
    allowed_updates: ['message', 'pre_checkout_query'],
  });
}
