import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { YandexConfig } from './yandex-config.js';
import { yandexSignature } from './yandex-signature.js';

/** sky-runner's Yandex secret key in the platform tests; gem-garden's is another (a game's key is its own). */
export const TEST_YANDEX_SECRET = 'test-yandex-secret-for-sky-runner';
export const OTHER_GAME_YANDEX_SECRET = 'test-yandex-secret-for-gem-garden';

export const TEST_YANDEX_CONFIG: YandexConfig = {
  secrets: { 'sky-runner': [TEST_YANDEX_SECRET], 'gem-garden': [OTHER_GAME_YANDEX_SECRET] },
  devSecretPrefix: undefined,
  signedMaxAgeSeconds: 3600,
  sdkUrl: '/sdk.js',
};

/** A signed player as getPlayer({ signed: true }) gives it, issued `ageSeconds` ago. */
export function signedPlayer(
  uniqueID: string,
  nowMs: number,
  options: { ageSeconds?: number; secret?: string; data?: Record<string, unknown> } = {},
): string {
  return yandexSignature(
    {
      algorithm: 'HMAC-SHA256',
      issuedAt: Math.floor(nowMs / 1000) - (options.ageSeconds ?? 5),
      requestPayload: '',
      data: { uniqueID, publicName: 'Yandex Player', lang: 'ru', ...options.data },
    },
    options.secret ?? TEST_YANDEX_SECRET,
  );
}

/** One purchase as Yandex signs it (security.md §5 sample's fields). */
export function yandexPurchase(sku: string, price: string | number, token: string = randomUUID()) {
  return {
    token,
    status: 'waiting',
    errorCode: '',
    errorDescription: '',
    url: 'https://yandex.ru/games/sdk/payments/trust-fake.html',
    product: { id: sku, title: sku, description: '', price: { code: 'YAN', value: String(price) }, imagePrefix: '' },
  };
}

/** The signature of purchase() (one purchase) or getPurchases() (a list). */
export function signedPurchases(
  data: unknown,
  nowMs: number,
  options: { ageSeconds?: number; secret?: string } = {},
): string {
  return yandexSignature(
    {
      algorithm: 'HMAC-SHA256',
      issuedAt: Math.floor(nowMs / 1000) - (options.ageSeconds ?? 5),
      requestPayload: '',
      data,
    },
    options.secret ?? TEST_YANDEX_SECRET,
  );
}

export function signInWithYandex(
  app: FastifyInstance,
  signature: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'YandexGames', Game: 'sky-runner', YandexGamesLogin: { Signature: signature }, ...body },
  });
}

export function postYandexPurchase(
  app: FastifyInstance,
  token: string | undefined,
  body: Record<string, unknown>,
  game = 'sky-runner',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1/yandexgames/purchase/${game}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body,
  });
}
