import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { MoneyMailRuConfig } from '../modules/store/providers/moneymailru/moneymailru-config.js';
import {
  createFakeMoneyMailRu,
  type FakeMoneyMailRu,
  type FakeMoneyMailRuNotification,
} from '../modules/store/providers/moneymailru/moneymailru-fake.js';

/** The fake shop's keys; the secrets are the ones fxid verifies notifications with (current, previous). */
export const FAKE_MONEYMAILRU_KEYS = {
  shopId: '424242',
  secretKeys: ['fake-moneymailru-secret-current', 'fake-moneymailru-secret-previous'],
  apiKey: 'fake-moneymailru-merchant-api-key',
} as const;

/**
 * The fake Money.Mail.Ru (the same one development serves at /dev/moneymailru) on a loopback port
 * of its own, standing for both money.mail.ru and merchant.money.mail.ru: its payment window, its
 * merchant API, and its notifications, which go wherever `deliver` says.
 */
export interface LoopbackMoneyMailRu extends FakeMoneyMailRu {
  config: MoneyMailRuConfig;
  /** The fake's origin, e.g. http://127.0.0.1:41234. */
  readonly origin: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Where notifications go; set by the test once the app exists. */
  deliver: (notification: FakeMoneyMailRuNotification) => Promise<{ status: number; text: string }>;
  /** The invoice Money.Mail.Ru opened for our order (by its issuer_id, our order id). */
  invoiceOf(publicOrderId: string): string;
}

export function loopbackMoneyMailRu(): LoopbackMoneyMailRu {
  let http: FastifyInstance | undefined;
  const config: MoneyMailRuConfig = {
    shopId: FAKE_MONEYMAILRU_KEYS.shopId,
    secretKeys: [...FAKE_MONEYMAILRU_KEYS.secretKeys],
    apiKey: FAKE_MONEYMAILRU_KEYS.apiKey,
    hosts: { pay: 'http://127.0.0.1:0', api: 'http://127.0.0.1:0' },
  };
  const fake = createFakeMoneyMailRu({
    shopId: FAKE_MONEYMAILRU_KEYS.shopId,
    secretKey: FAKE_MONEYMAILRU_KEYS.secretKeys[0],
    apiKey: FAKE_MONEYMAILRU_KEYS.apiKey,
    publicBase: () => config.hosts?.pay ?? '',
    notify: (notification) => loopback.deliver(notification),
  });
  const loopback: LoopbackMoneyMailRu = {
    ...fake,
    config,
    get origin() {
      return config.hosts?.pay ?? '';
    },
    deliver: async () => {
      throw new Error('the fake Money.Mail.Ru has nowhere to deliver notifications yet');
    },
    async start() {
      http = Fastify();
      await http.register(fake.routes);
      await http.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
      config.hosts = { pay: base, api: base };
    },
    async stop() {
      await http?.close();
    },
    invoiceOf(publicOrderId) {
      const issuer = Buffer.from(publicOrderId, 'latin1').toString('base64');
      const found = [...fake.invoices.values()].find((invoice) => invoice.issuer_id === issuer);
      if (!found) throw new Error(`Money.Mail.Ru has no invoice of ${publicOrderId}`);
      return found.invoice;
    },
  };
  return loopback;
}

/** Starts a fake Money.Mail.Ru for the enclosing describe block (call before useTestApp). */
export function useFakeMoneyMailRu(): LoopbackMoneyMailRu {
  const fake = loopbackMoneyMailRu();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}
