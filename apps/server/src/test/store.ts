import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Config } from '../config.js';
import { signWebhook } from '../lib/webhook-signature.js';
import { readCatalogFile } from '../modules/catalog/catalog-file.js';
import { importCatalog } from '../modules/catalog/catalog-import.js';
import type { CatalogGame } from '../modules/catalog/catalog-schema.js';
import { type Db, findOrderByPublicId, type OrderRow } from '../modules/store/orders-repository.js';
import { DEV_SANDBOX_WEBHOOK_SECRET } from '../modules/store/providers/sandbox/sandbox-config.js';
import { DEMO_CATALOG, TEST_START, type TestApp } from './app.js';
import { nextIp } from './connect-invites.js';
import { bearer, signIn } from './sign-in.js';

/** The order row behind a TransactionId (PublicOrderId); fails the test when there is none. */
export async function orderOf(db: Db, publicId: string): Promise<OrderRow> {
  const order = await findOrderByPublicId(db, publicId);
  if (!order) throw new Error(`no order ${publicId}`);
  return order;
}

/** A game's server on loopback that records the deliveries it gets and answers with `status`. */
export interface GameServer {
  url: string;
  status: number;
  received: { headers: IncomingHttpHeaders; body: string }[];
}

/**
 * Starts a game server before the app (call before useTestApp) and returns store
 * config that sends `game`'s deliveries to it.
 */
export function useGameServer(game: string): { server: () => GameServer; store: Config['store'] } {
  const store: Config['store'] = {
    paymentProviders: ['sandbox'],
    providers: { sandbox: { webhookSecrets: [DEV_SANDBOX_WEBHOOK_SECRET] } },
    gameWebhooks: {},
  };
  const state: GameServer = { url: '', status: 200, received: [] };
  let http: Server | undefined;
  beforeAll(async () => {
    http = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        state.received.push({ headers: request.headers, body });
        response.statusCode = state.status;
        response.end();
      });
    });
    await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
    state.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/fxid-webhook`;
    store.gameWebhooks[game] = state.url;
  });
  afterAll(async () => {
    await new Promise((resolve) => http?.close(resolve));
  });
  return { server: () => state, store };
}

export function storePost(app: FastifyInstance, url: string, payload: object, token?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/store${url}`,
    payload,
    headers: token ? bearer(token) : {},
    remoteAddress: nextIp(),
  });
}

/** The portal's optimistic status call for an order (spec store §4). */
export function optimisticStatus(
  app: FastifyInstance,
  publicOrderId: string,
  status: 'Completed' | 'Cancelled',
  token: string,
) {
  return storePost(app, '/set-optimistic-order-status', { PublicOrderId: publicOrderId, Status: status }, token);
}

/**
 * A web provider test's buyer of gem-garden: one player signed in on first use, orders made
 * through create_payment (with the provider's reference from the order row), and an order's
 * DetailedStatus as that player reads it.
 */
export function useGemGardenBuyer(testApp: () => TestApp, email: string) {
  let token = '';
  const player = async () => {
    if (!token) token = await signIn(testApp().app, testApp().database.handle.db, email);
    return token;
  };
  const order = async (EmbeddingType = 'Embed') => {
    const response = await storePost(
      testApp().app,
      '/create_payment',
      { Game: 'gem-garden', Sku: 'gems_50', WebPublishingPlatform: 'FxId', EmbeddingType },
      await player(),
    );
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json();
    const row = await orderOf(testApp().database.handle.db, created.TransactionId);
    return { created, providerRef: row.provider_ref as string };
  };
  const detailed = async (id: string) =>
    (
      await storePost(testApp().app, '/get_payment_status', { Game: 'gem-garden', TransactionId: id }, await player())
    ).json().Order.DetailedStatus;
  return { player, order, detailed };
}

/** Creates a payment and returns the response body; throws unless it answered 200. */
export async function createPayment(app: FastifyInstance, token: string, game: string, sku: string) {
  const response = await storePost(
    app,
    '/create_payment',
    { Game: game, Sku: sku, WebPublishingPlatform: 'FxId' },
    token,
  );
  if (response.statusCode !== 200) throw new Error(`create_payment answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

export function checkoutIdOf(created: { ConfirmationUrl: string }): string {
  const id = created.ConfirmationUrl.split('/').at(-1);
  if (!id) throw new Error('no checkout id');
  return id;
}

/** GET /store/payment_form/{Token}: what the card payment form page shows. */
export function paymentForm(app: FastifyInstance, checkoutId: string, locale?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/store/payment_form/${checkoutId}${locale ? `?Locale=${locale}` : ''}`,
    remoteAddress: nextIp(),
  });
}

/**
 * The player's choice on the payment form page, sent as the page sends it: with the
 * PublicId the form showed, unless the test gives one (a decided form no longer shows it).
 */
export async function choose(
  app: FastifyInstance,
  checkoutId: string,
  choice: 'Pay' | 'Decline' | 'Abandon',
  publicId?: string,
) {
  const PublicId = publicId ?? (await paymentForm(app, checkoutId)).json().PublicId;
  return app.inject({
    method: 'POST',
    url: `/api/v1/store/payment_form/${checkoutId}`,
    payload: { PublicId, Choice: choice },
    remoteAddress: nextIp(),
  });
}

/** A sandbox notification signed as the sandbox would sign it (or with another secret or time). */
export function sandboxNotification(
  event: { id: string; type: string; checkout: string; order: string; amount: number; currency: string },
  options: { nowMs: number; secret?: string; timestampSeconds?: number },
) {
  const body = JSON.stringify({
    id: event.id,
    type: event.type,
    created: Math.floor(options.nowMs / 1000),
    data: { checkout: event.checkout, order: event.order, amount: event.amount, currency: event.currency },
  });
  const t = options.timestampSeconds ?? Math.floor(options.nowMs / 1000);
  return { body, signature: signWebhook(options.secret ?? DEV_SANDBOX_WEBHOOK_SECRET, body, t) };
}

export function postNotification(app: FastifyInstance, body: string, signature?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/store/webhooks/sandbox',
    payload: body,
    headers: { 'content-type': 'application/json', ...(signature ? { 'sandbox-signature': signature } : {}) },
  });
}

/** Before the block's tests, imports the demo catalog with games changed (by system name) into the test app's database. */
export function useCatalogChange(testApp: () => TestApp, changes: Record<string, (game: CatalogGame) => void>) {
  beforeAll(async () => {
    const catalog = await readCatalogFile(DEMO_CATALOG);
    for (const [name, change] of Object.entries(changes)) {
      const game = catalog.Games.find((entry) => entry.GameSystemName === name);
      if (!game) throw new Error(`the demo catalog has no ${name}`);
      change(game);
    }
    await importCatalog(testApp().database.handle.db, catalog, TEST_START);
  });
}
