import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AghanimConfig } from '../modules/store/providers/aghanim/aghanim-config.js';
import {
  createFakeAghanim,
  type FakeAghanim,
  type FakeAghanimWebhook,
} from '../modules/store/providers/aghanim/aghanim-fake.js';

/** The fake game's keys; the secrets are the webhook's signing secrets fxid verifies with (current, previous). */
export const FAKE_AGHANIM_KEYS = {
  apiKey: 'fake-aghanim-s2s-key-0001',
  webhookSecrets: ['fake-aghanim-webhook-secret-current', 'fake-aghanim-webhook-secret-previous'],
} as const;

/**
 * The fake Aghanim (the same one development serves at /dev/aghanim) on a loopback port of its
 * own: its S2S API, its checkout pages, and its webhooks, which go wherever `deliver` says
 * (a test's app.inject, or the e2e server's webhook URL).
 */
export interface LoopbackAghanim extends FakeAghanim {
  config: AghanimConfig;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Where webhooks go; set by the test once the app exists. */
  deliver: (webhook: FakeAghanimWebhook) => Promise<number>;
  /** The clock webhooks are signed with (a test sets the app's). */
  now: () => number;
  /** The S2S calls fxid made with this method and path ending. */
  calls(method: string, pathEnd: string): FakeAghanim['requests'];
}

export function loopbackAghanim(): LoopbackAghanim {
  let http: FastifyInstance | undefined;
  const config: AghanimConfig = {
    apiKey: FAKE_AGHANIM_KEYS.apiKey,
    webhookSecrets: [...FAKE_AGHANIM_KEYS.webhookSecrets],
    sandbox: true,
    apiBase: 'http://127.0.0.1:0',
  };
  const fake = createFakeAghanim({
    apiKey: FAKE_AGHANIM_KEYS.apiKey,
    webhookSecret: FAKE_AGHANIM_KEYS.webhookSecrets[0],
    sandbox: true,
    publicBase: () => config.apiBase ?? '',
    notify: (webhook) => loopback.deliver(webhook),
    now: () => loopback.now(),
  });
  const loopback: LoopbackAghanim = {
    ...fake,
    config,
    now: Date.now,
    deliver: async () => {
      throw new Error('the fake Aghanim has nowhere to deliver webhooks yet');
    },
    async start() {
      http = Fastify();
      await http.register(fake.routes);
      await http.listen({ port: 0, host: '127.0.0.1' });
      config.apiBase = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
    },
    async stop() {
      await http?.close();
    },
    calls: (method, pathEnd) =>
      fake.requests.filter((request) => request.method === method && request.path.endsWith(pathEnd)),
  };
  return loopback;
}

/** Starts a fake Aghanim for the enclosing describe block (call before useTestApp). */
export function useFakeAghanim(): LoopbackAghanim {
  const fake = loopbackAghanim();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}
