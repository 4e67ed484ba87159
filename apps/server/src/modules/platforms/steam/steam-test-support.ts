import type { AddressInfo } from 'node:net';
import { STEAM_WEB_API_IDENTITY } from '@fxid/contract/adapters';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createFakeSteam, type FakeSteam } from './steam-api-fake.js';
import type { SteamConfig } from './steam-config.js';
import { createFakeSteamOpenId, type FakeSteamOpenId } from './steam-openid-fake.js';

/** sky-runner's Steam app and our publisher key for it in the platform tests. */
export const TEST_STEAM_APP_ID = '2400001';
export const TEST_STEAM_KEY = 'test-steam-publisher-key-sky-runner';
/** Another game's Steam app, under the same publisher key. */
export const OTHER_STEAM_APP_ID = '2400099';

/** The fake Steam Web API and OpenID provider listening on loopback for the enclosing describe block, and config pointing at them. */
export function useFakeSteam(): { fake: FakeSteam; openId: FakeSteamOpenId; config: SteamConfig } {
  const fake = createFakeSteam();
  const openId = createFakeSteamOpenId(() => `http://127.0.0.1:${port}/openid/login`);
  fake.addKey(TEST_STEAM_KEY, [TEST_STEAM_APP_ID, OTHER_STEAM_APP_ID]);
  let server: FastifyInstance | undefined;
  let port = 0;
  beforeAll(async () => {
    server = Fastify();
    await server.register(fake.routes);
    await server.register(openId.routes, { prefix: '/openid' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server?.close();
  });
  const config: SteamConfig = {
    apps: { 'sky-runner': { appId: TEST_STEAM_APP_ID, secrets: [TEST_STEAM_KEY] } },
    devKey: undefined,
    // Read at request time, by then the fake listens.
    get apiUrl() {
      return `http://127.0.0.1:${port}`;
    },
    sandbox: false,
    bridgeUrl: undefined,
    get openIdUrl() {
      return `http://127.0.0.1:${port}/openid/login`;
    },
  };
  return { fake, openId, config };
}

let nextSteamId = 76561190000000000n + BigInt(Math.floor(Math.random() * 1e9));
/** A fresh SteamID64 of an individual account. */
export const newSteamId = () => String(nextSteamId++);

/** A ticket of this Steam user for sky-runner's app, made for our identity (as the client asks for one). */
export const ticketOf = (
  fake: FakeSteam,
  steamId: string,
  appId = TEST_STEAM_APP_ID,
  identity = STEAM_WEB_API_IDENTITY,
) => fake.issueTicket(appId, steamId, identity);

export function signInWithSteam(
  app: FastifyInstance,
  ticket: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'Steam', Game: 'sky-runner', SteamLogin: { Ticket: ticket }, ...body },
  });
}

export function startSteamPayment(app: FastifyInstance, session: string, sku: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/platforms/payment',
    headers: { authorization: `Bearer ${session}` },
    payload: { Game: 'sky-runner', Platform: 'Steam', Sku: sku },
  });
}

export function settleSteam(app: FastifyInstance, session: string, orderId?: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/platforms/steam/settle/sky-runner',
    headers: { authorization: `Bearer ${session}` },
    payload: orderId ? { OrderId: orderId } : {},
  });
}
