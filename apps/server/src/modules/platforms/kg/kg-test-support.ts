import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createFakeKongregate, type FakeKongregate } from './kg-api-fake.js';
import type { KongregateConfig } from './kg-config.js';

/** gem-garden's Kongregate API key in the platform tests; another game's key is another Kongregate game. */
export const TEST_KONGREGATE_API_KEY = 'test-kongregate-key-gem-garden';
export const OTHER_GAME_KONGREGATE_API_KEY = 'test-kongregate-key-other-game';

/** The fake Kongregate API listening on loopback for the enclosing describe block, and config pointing at it. */
export function useFakeKongregate(): { fake: FakeKongregate; config: KongregateConfig } {
  const fake = createFakeKongregate();
  let server: FastifyInstance | undefined;
  let port = 0;
  beforeAll(async () => {
    server = Fastify();
    await server.register(fake.routes);
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
  });
  const config: KongregateConfig = {
    apiKeys: { 'gem-garden': TEST_KONGREGATE_API_KEY },
    devApiKeyPrefix: undefined,
    // Read at request time, by then the fake listens.
    get apiUrl() {
      return `http://127.0.0.1:${port}`;
    },
    scriptUrl: 'dev/hosts/kg/kongregate_api.js',
  };
  return { fake, config };
}

export function signInWithKongregate(
  app: FastifyInstance,
  block: { UserId: string; GameAuthToken: string },
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'Kongregate', Game: 'gem-garden', Kongregate: block, ...body },
  });
}

export function postKongregateItems(
  app: FastifyInstance,
  session: string,
  gameAuthToken: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/kongregate/items/gem-garden',
    headers: { authorization: `Bearer ${session}` },
    payload: { GameAuthToken: gameAuthToken },
  });
}
