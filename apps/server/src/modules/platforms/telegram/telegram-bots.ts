import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { TelegramBot } from './telegram-config.js';

/**
 * The Telegram bot of a game: TELEGRAM_BOTS when it names the game; in development
 * only, the catalog's public `PlatformData.TelegramBotId` with the documented dev
 * token secret. Only games published on `telegram` have one.
 */
export function telegramBotOf(ctx: AppContext, game: GameRecord): TelegramBot | undefined {
  const telegram = ctx.config.platforms.telegram;
  if (!telegram || !game.definition.Platforms.includes('telegram')) return undefined;
  const configured = telegram.bots[game.definition.GameSystemName];
  if (configured) return configured;
  const botId = game.definition.PlatformData.TelegramBotId;
  if (telegram.devTokenSecret && botId && /^\d{1,20}$/.test(botId)) {
    return { botId, tokens: [`${botId}:${telegram.devTokenSecret}`] };
  }
  return undefined;
}

export function requireTelegramBot(ctx: AppContext, game: GameRecord): TelegramBot {
  const bot = telegramBotOf(ctx, game);
  if (!bot) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'Telegram');
  return bot;
}

/** The bot token that calls the Bot API for a game: its first; none for a bot known only by id. */
export function requireBotToken(ctx: AppContext, game: GameRecord): string {
  const token = requireTelegramBot(ctx, game).tokens[0];
  if (!token) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'Telegram Stars');
  return token;
}

/** Where the Bot API is: configured, else (development) the simulator's fake on this server. */
export function botApiUrl(ctx: AppContext): string {
  const configured = ctx.config.platforms.telegram?.botApiUrl;
  if (configured) return configured;
  return `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}dev/telegram-bot-api`;
}
