import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TelegramConfig } from './telegram-config.js';
import { initDataHash } from './telegram-init-data.js';

/** sky-runner's and gem-garden's bots in the platform tests (gem-garden is put on Telegram by withTelegramGemGarden). */
export const TEST_BOTS = {
  'sky-runner': { botId: '7100000001', token: '7100000001:AAFakeSkyRunnerBotTokenForTests0001' },
  'gem-garden': { botId: '7100000002', token: '7100000002:AAFakeGemGardenBotTokenForTests0002' },
} as const;
export const TEST_WEBHOOK_SECRET = 'test-telegram-webhook-secret-0001';

/** A config of its own per suite: the fake Bot API's address is filled in when it starts. */
export function testTelegramConfig(): TelegramConfig {
  return {
    bots: Object.fromEntries(
      Object.entries(TEST_BOTS).map(([game, bot]) => [game, { botId: bot.botId, tokens: [bot.token] }]),
    ),
    devTokenSecret: undefined,
    thirdPartyKey: undefined,
    initDataMaxAgeSeconds: 3600,
    botApiUrl: 'http://127.0.0.1:9',
    webhookSecret: TEST_WEBHOOK_SECRET,
  };
}

/** initData as Telegram signs it for a user at a time (ms); `extra` adds or overrides pairs. */
export function initData(
  userId: number,
  nowMs: number,
  extra: Record<string, string> = {},
  token: string = TEST_BOTS['sky-runner'].token,
): string {
  const pairs = new Map<string, string>([
    ['query_id', 'AAHdF6IQAAAAAN0XohDhrOrc'],
    [
      'user',
      JSON.stringify({ id: userId, first_name: 'Ada', last_name: 'Lovelace', username: 'ada', language_code: 'ru' }),
    ],
    ['auth_date', String(Math.floor(nowMs / 1000) - 5)],
    ...Object.entries(extra),
  ]);
  const query = new URLSearchParams([...pairs]);
  query.set('hash', initDataHash(pairs, token));
  return query.toString();
}

export function signInWithTelegram(
  app: FastifyInstance,
  data: string,
  game = 'sky-runner',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'Telegram', Game: game, TelegramLogin: { InitData: data } },
  });
}
