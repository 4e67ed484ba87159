import { z } from 'zod';
import { appSecretList } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * WizQ's part of the server configuration. Each game's WizQ application (its id and consumer
 * secret) lives in the environment, never in the committed catalog:
 * `WIZQ_APPS=game=appId:consumerSecret,…`. The secret verifies the launch token and the OAuth
 * signature of the requests WizQ's gadget server relays (a proposed protocol, see
 * packages/platforms/src/ymobage/README.md).
 */

/** One game's WizQ application; the first secret signs (simulator, tests), all verify (rotation). */
export interface WizqApp {
  appId: string;
  secrets: string[];
}

export interface WizqConfig {
  /** Per game system name. */
  apps: Record<string, WizqApp>;
  /** Development only: the consumer secret of every game on ymobage whose catalog names `PlatformData.WizQAppId`. */
  dev: { secret: string } | undefined;
}

/** The WizQ consumer secret of the demo games in development (documented in README); never valid in production. */
export const DEV_WIZQ_APP = { secret: 'dev-wizq-consumer-secret-not-for-production' } as const;

const wizqAppList = appSecretList(
  '\\d{1,18}',
  'Expected game=appId:consumerSecret (numeric app id, 16+ character secret)',
  'WizQ applications',
);

/** WizQ's environment variables, merged into the server's EnvSchema. */
export const WIZQ_ENV = { WIZQ_APPS: z.preprocess(emptyAsUndefined, wizqAppList.default({})) };

export function wizqConfig(
  env: { WIZQ_APPS: Record<string, WizqApp> },
  mode: 'development' | 'production',
): WizqConfig {
  return { apps: env.WIZQ_APPS, dev: mode === 'development' ? DEV_WIZQ_APP : undefined };
}
