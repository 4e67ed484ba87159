import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/schema.js';
import { parseCatalog } from '../modules/catalog/catalog-file.js';
import { importCatalog } from '../modules/catalog/catalog-import.js';
import { FakeTelegramBotApi } from '../modules/dev-hosts/telegram-bot-api-fake.js';
import type { TelegramConfig } from '../modules/platforms/telegram/telegram-config.js';
import { TEST_BOTS, TEST_WEBHOOK_SECRET } from '../modules/platforms/telegram/telegram-test-support.js';
import { DEMO_CATALOG } from './app.js';

/** Puts gem-garden on Telegram too (PlatformPrices.telegram), so that cross-game invoices can be tried. */
export async function withTelegramGemGarden(db: Kysely<Database>, now: number): Promise<void> {
  const text = readFileSync(DEMO_CATALOG, 'utf8')
    .replace(
      /Platforms: \[fxid, vkcom, ok, yandex, kg, fbinstantgames([^\]]*)\]/,
      (list) => `${list.slice(0, -1)}, telegram]`,
    )
    .replace(/PlatformPrices: \{ vkcom: 6(, [^}]*)? \}/, 'PlatformPrices: { vkcom: 6$1, telegram: 60 }');
  await importCatalog(db, parseCatalog(text), now);
}

/**
 * A fake Bot API on loopback for the enclosing describe block, pointed at by `config`;
 * its webhooks are delivered to the test app through `app()` (call before useTestApp).
 */
export function useFakeBotApi(config: TelegramConfig, app: () => FastifyInstance): FakeTelegramBotApi {
  const tokens = new Set<string>(Object.values(TEST_BOTS).map((bot) => bot.token));
  const fake = new FakeTelegramBotApi(
    (token) => tokens.has(token),
    async (url, secretToken, update) => {
      const response = await app().inject({
        method: 'POST',
        url: new URL(url).pathname,
        headers: { 'x-telegram-bot-api-secret-token': secretToken },
        payload: update,
      });
      return { status: response.statusCode, body: response.json() };
    },
  );
  let server: Server | undefined;
  beforeAll(async () => {
    server = createServer((request, response) => {
      let text = '';
      request.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on('end', () => {
        const [, token = '', method = ''] = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '') ?? [];
        const answer = fake.handle(token, method, text ? JSON.parse(text) : {});
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    config.botApiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const [game, bot] of Object.entries(TEST_BOTS)) {
      fake.setWebhook(bot.token, {
        url: `http://fxid.test/api/v1/platforms/telegram/webhook/${game}`,
        secret_token: TEST_WEBHOOK_SECRET,
      });
    }
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  return fake;
}
