import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { emptyAsUndefined, optional } from '../../../config/env-helpers.js';

/**
 * Telegram's part of the server configuration. Bot tokens live in the environment,
 * never in the catalog: `TELEGRAM_BOTS=game=botId:secret,…` (a bot token is itself
 * `botId:secret`); `game=botId` alone names a bot whose initData is checked only by
 * Telegram's Ed25519 signature (third-party validation, security.md §3b): sign-in
 * works, Stars payments need the token.
 */

/** One game's bot: its numeric id and token(s); the first calls the Bot API, all verify initData (rotation). */
export interface TelegramBot {
  botId: string;
  tokens: string[];
}

export interface TelegramConfig {
  /** Per game system name. */
  bots: Record<string, TelegramBot>;
  /**
   * Development only: the secret half of the token of every game with no TELEGRAM_BOTS entry
   * whose catalog names `PlatformData.TelegramBotId` (`{TelegramBotId}:{devTokenSecret}`).
   */
  devTokenSecret: string | undefined;
  /** Telegram's Ed25519 key for third-party validation; unset: initData is checked by its HMAC only. */
  thirdPartyKey: KeyObject | undefined;
  /** How old initData (`auth_date`) may be when it is exchanged for a session. */
  initDataMaxAgeSeconds: number;
  /**
   * The Bot API origin (`{url}/bot{token}/{method}`); unset in development: the simulator's
   * fake Bot API on this server (`{PUBLIC_URL}/dev/telegram-bot-api`).
   */
  botApiUrl: string | undefined;
  /** The `secret_token` given to setWebhook; Telegram sends it as X-Telegram-Bot-Api-Secret-Token. */
  webhookSecret: string | undefined;
}

/** The secret half of the demo games' bot tokens in development (README); never valid in production. */
export const DEV_TELEGRAM_TOKEN_SECRET = 'dev-telegram-bot-token-not-for-prod';
/** The webhook secret token in development (README); production has no default. */
export const DEV_TELEGRAM_WEBHOOK_SECRET = 'dev-telegram-webhook-secret-not-for-production';
export const TELEGRAM_BOT_API_ORIGIN = 'https://api.telegram.org';

/** Telegram's published Ed25519 keys (security.md §3b). */
export const TELEGRAM_PUBLIC_KEYS = {
  production: 'e7bf03a2fa4602af4580703d88dda5bb59f32ed8b02a56c187fe7d34caed242d',
  test: '40055058a4ee38156a06562e52eece92a771bcd8346a8c4615cb7376eddf72ec',
} as const;

/** A raw 32-byte Ed25519 public key (hex) as a Node key object. */
export function ed25519PublicKey(hex: string): KeyObject {
  const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(hex, 'hex')]);
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}

const pairPattern = /^\s*([a-z0-9][a-z0-9-]{0,62})=(\d{1,20})(?::([A-Za-z0-9_-]{30,}))?\s*$/;

/** `game=botId:secret,…` or `game=botId`; a game may repeat (same bot id) while its token rotates. */
const botList = z
  .string()
  .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
  .pipe(z.array(z.string().regex(pairPattern, 'Expected game=botId:secret (a bot token) or game=botId')))
  .transform((pairs, ctx) => {
    const bots: Record<string, TelegramBot> = {};
    for (const pair of pairs) {
      const [, game = '', botId = '', secret] = pairPattern.exec(pair) ?? [];
      const known = bots[game];
      if (known && known.botId !== botId) {
        ctx.addIssue({ code: 'custom', message: `${game} is given two Telegram bots (${known.botId}, ${botId})` });
      }
      bots[game] = { botId, tokens: [...(known?.tokens ?? []), ...(secret ? [`${botId}:${secret}`] : [])] };
    }
    return bots;
  });

/** Telegram's environment variables, merged into the server's EnvSchema. */
export const TELEGRAM_ENV = {
  TELEGRAM_BOTS: z.preprocess(emptyAsUndefined, botList.default({})),
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(60).max(86_400).default(3600),
  ),
  TELEGRAM_THIRD_PARTY_KEY: optional(z.enum(['production', 'test'])),
  TELEGRAM_BOT_API_URL: optional(z.url({ protocol: /^https?$/ })),
  TELEGRAM_WEBHOOK_SECRET: optional(
    z.string().regex(/^[A-Za-z0-9_-]{16,256}$/, 'Expected 16–256 characters A-Z a-z 0-9 _ -'),
  ),
};

type TelegramEnv = {
  TELEGRAM_BOTS: Record<string, TelegramBot>;
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: number;
  TELEGRAM_THIRD_PARTY_KEY?: 'production' | 'test' | undefined;
  TELEGRAM_BOT_API_URL?: string | undefined;
  TELEGRAM_WEBHOOK_SECRET?: string | undefined;
};

/** What production refuses (security.md §12 row 49: no test key, no plain-http Bot API, no default secret). */
export function telegramProblems(env: TelegramEnv, mode: 'development' | 'production'): string[] {
  if (mode !== 'production') return [];
  const problems: string[] = [];
  if (env.TELEGRAM_THIRD_PARTY_KEY === 'test') {
    problems.push("TELEGRAM_THIRD_PARTY_KEY: Telegram's test-environment key cannot be used in production");
  }
  if (env.TELEGRAM_BOT_API_URL && !env.TELEGRAM_BOT_API_URL.startsWith('https://')) {
    problems.push('TELEGRAM_BOT_API_URL: must be https:// in production (bot tokens travel in its paths)');
  }
  const paying = Object.values(env.TELEGRAM_BOTS).some((bot) => bot.tokens.length > 0);
  if (paying && !env.TELEGRAM_WEBHOOK_SECRET) {
    problems.push('TELEGRAM_WEBHOOK_SECRET: required in production when TELEGRAM_BOTS has bot tokens');
  }
  const tokenless = Object.entries(env.TELEGRAM_BOTS).filter(([, bot]) => bot.tokens.length === 0);
  if (tokenless.length > 0 && !env.TELEGRAM_THIRD_PARTY_KEY) {
    problems.push(
      `TELEGRAM_BOTS: ${tokenless.map(([game]) => game).join(', ')} need a token or TELEGRAM_THIRD_PARTY_KEY`,
    );
  }
  return problems;
}

export function telegramConfig(env: TelegramEnv, mode: 'development' | 'production'): TelegramConfig {
  const dev = mode === 'development';
  return {
    bots: env.TELEGRAM_BOTS,
    devTokenSecret: dev ? DEV_TELEGRAM_TOKEN_SECRET : undefined,
    thirdPartyKey: env.TELEGRAM_THIRD_PARTY_KEY
      ? ed25519PublicKey(TELEGRAM_PUBLIC_KEYS[env.TELEGRAM_THIRD_PARTY_KEY])
      : undefined,
    initDataMaxAgeSeconds: env.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS,
    botApiUrl: env.TELEGRAM_BOT_API_URL?.replace(/\/$/, '') ?? (dev ? undefined : TELEGRAM_BOT_API_ORIGIN),
    webhookSecret: env.TELEGRAM_WEBHOOK_SECRET ?? (dev ? DEV_TELEGRAM_WEBHOOK_SECRET : undefined),
  };
}
