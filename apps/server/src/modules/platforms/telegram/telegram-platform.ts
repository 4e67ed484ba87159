import { PORTAL_LOCALES, TelegramLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { requireTelegramBot, telegramBotOf } from './telegram-bots.js';
import { type TelegramInitFailure, verifyTelegramInitData } from './telegram-init-data.js';
import { createStarsInvoice, starsPriceOf } from './telegram-invoices.js';
import { telegramWebhookRoutes } from './telegram-webhook-routes.js';

/** Which stable error code each refusal of initData answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  duplicate_key: 'platform_sign_invalid',
  missing_hash: 'platform_sign_invalid',
  bad_hash: 'platform_sign_invalid',
  missing_signature: 'platform_sign_invalid',
  bad_signature: 'platform_sign_invalid',
  user_missing: 'platform_sign_invalid',
  missing_auth_date: 'platform_payload_expired',
  stale: 'platform_payload_expired',
  from_future: 'platform_payload_expired',
} as const satisfies Record<TelegramInitFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/** Telegram's `language_code` (IETF: en, ru, pt-br, …) when the portal speaks it. */
function portalLocale(code: string | undefined): string | undefined {
  const locale = code?.toLowerCase();
  return (PORTAL_LOCALES as readonly string[]).includes(locale ?? '') ? locale : undefined;
}

/** Telegram Mini Apps: initData signed for the game's bot; Stars invoices and the bot's payment updates. */
export const telegramPlatform: ServerPlatform = {
  adapter: 'telegram',
  platform: 'Telegram',
  loginBlock: 'TelegramLogin',
  verifyLogin(ctx, game, block) {
    const { InitData } = TelegramLoginSchema.parse(block);
    const telegram = ctx.config.platforms.telegram;
    const verdict = verifyTelegramInitData(InitData, requireTelegramBot(ctx, game), {
      nowMs: ctx.now(),
      maxAgeSeconds: telegram?.initDataMaxAgeSeconds ?? 3600,
      thirdPartyKey: telegram?.thirdPartyKey,
    });
    if (!verdict.ok) throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'Telegram', verdict.failure);
    const { user } = verdict;
    const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
    return {
      type: 'Telegram',
      id: String(user.id),
      profile: { name, locale: portalLocale(user.language_code) },
    };
  },
  createPayment: (ctx, accountId, game, input, log) => createStarsInvoice(ctx, accountId, game, input, log),
  callbackRoutes: telegramWebhookRoutes,
  // Stars need the game's bot token (invoices, the webhook's answers); products sell in Stars (PlatformPrices.telegram).
  payments: {
    configured: (ctx, game) => !!telegramBotOf(ctx, game)?.tokens[0],
    sells: (product) => starsPriceOf(product) !== undefined,
  },
};
