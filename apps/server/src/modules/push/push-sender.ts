import webpush, { WebPushError } from 'web-push';
import type { AppContext } from '../../context.js';
import { GameNotFoundError } from '../../errors.js';
import { createGameCatalog } from '../catalog/game-catalog.js';
import { pushAgent } from './push-agent.js';
import { endpointProblem, type ResolveHost } from './push-endpoint.js';
import { noticeProblem, type PushNotice } from './push-notice.js';
import { deleteSubscription, listSubscriptions } from './push-repository.js';

export interface PushSendOptions {
  game: string;
  /** Only this account's subscriptions; all of the game's when absent. */
  accountId?: string | undefined;
  /** How long the push service keeps an undelivered message (seconds). */
  ttlSeconds?: number;
  urgency?: webpush.Urgency;
  /**
   * Tests and development only: lets endpoints on loopback and private hosts through
   * (a local fake push service). Refused in production, where every endpoint must be public.
   */
  allowLocalEndpoints?: boolean;
  /** Extra CA certificate to trust (a local fake's self-signed one). */
  ca?: string;
  resolve?: ResolveHost;
}

/** What one send did. `removed` subscriptions are counted in `failed` too. */
export interface PushSendReport {
  subscriptions: number;
  sent: number;
  failed: number;
  /** Answered 404/410 by the push service: the browser dropped them, so they are deleted. */
  removed: number;
  /** Refused before any request: the endpoint is not (or no longer) a safe place to call. */
  skipped: number;
  /** One line per failure or skip, for the operator. */
  problems: string[];
}

export class PushSendError extends Error {}

const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
/** Deliveries in flight at once: enough to move, few enough not to look like a flood to a push service. */
const CONCURRENCY = 8;

/** Sends a notice to the saved subscriptions of a game (optionally one account's), re-checking each endpoint first. */
export async function sendPushNotice(
  ctx: Pick<AppContext, 'db' | 'config'> & Partial<Pick<AppContext, 'catalog'>>,
  options: PushSendOptions,
  notice: PushNotice,
): Promise<PushSendReport> {
  const vapid = ctx.config.vapid;
  if (!vapid) throw new PushSendError('Web Push is off: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT');
  if (options.allowLocalEndpoints && ctx.config.mode === 'production') {
    throw new PushSendError('Local push endpoints are for tests and development only, never in production');
  }
  const problem = noticeProblem(notice);
  if (problem) throw new PushSendError(problem);
  // The push CLI has no app context: it reads the catalog once for this send.
  const game = await (ctx.catalog ?? createGameCatalog(ctx.db)).find(options.game);
  if (!game) throw new GameNotFoundError(options.game);

  const publicOnly = !options.allowLocalEndpoints;
  const agent = pushAgent({ publicOnly, ...(options.ca ? { ca: options.ca } : {}) });
  const payload = JSON.stringify(notice);
  const rows = await listSubscriptions(ctx.db, game.id, options.accountId);
  const report: PushSendReport = {
    subscriptions: rows.length,
    sent: 0,
    failed: 0,
    removed: 0,
    skipped: 0,
    problems: [],
  };

  const deliver = async (row: (typeof rows)[number]) => {
    const host = safeHost(row.endpoint);
    const unsafe = await endpointProblem(row.endpoint, {
      production: publicOnly,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    if (unsafe) {
      report.skipped += 1;
      report.problems.push(`${host}: skipped, ${unsafe}`);
      return;
    }
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        payload,
        {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          urgency: options.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          agent,
        },
      );
      report.sent += 1;
    } catch (error) {
      report.failed += 1;
      const status = error instanceof WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await deleteSubscription(ctx.db, row.id);
        report.removed += 1;
        report.problems.push(`${host}: ${status}, subscription removed`);
      } else {
        report.problems.push(`${host}: ${status ?? (error instanceof Error ? error.message : String(error))}`);
      }
    }
  };

  try {
    for (let start = 0; start < rows.length; start += CONCURRENCY) {
      await Promise.all(rows.slice(start, start + CONCURRENCY).map(deliver));
    }
  } finally {
    agent.destroy();
  }
  return report;
}

/** Endpoints carry per-browser secrets in their paths: reports name the host only. */
function safeHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '(not a URL)';
  }
}
