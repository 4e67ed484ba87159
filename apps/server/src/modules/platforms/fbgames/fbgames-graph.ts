import type { AppContext } from '../../../context.js';
import { ServiceUnavailableError } from '../../../errors.js';
import type { FbGamesApp } from './fbgames-config.js';

/**
 * A payment as the Graph API describes it (platform-protocols.md §12): `GET /{payment_id}` with the
 * app access token `{app_id}|{app_secret}`. Only the fields read are typed.
 */
export interface GraphPayment {
  id?: unknown;
  user?: { id?: unknown };
  application?: { id?: unknown };
  request_id?: unknown;
  actions?: { type?: unknown; status?: unknown; currency?: unknown; amount?: unknown }[];
  items?: { type?: unknown; product?: unknown; quantity?: unknown }[];
  test?: unknown;
}

/** The Graph API could not be asked or answered badly: Facebook's webhook is answered 503 and retried. */
const unavailable = (why: string) => new ServiceUnavailableError(`The Facebook Graph API (${why})`);

const FIELDS = 'id,user,application,actions,refundable_amount,items,country,request_id,created_time,disputes,test';
/** How long one Graph call may take. */
const TIMEOUT_MS = 10_000;

export async function fetchGraphPayment(ctx: AppContext, app: FbGamesApp, paymentId: string): Promise<GraphPayment> {
  const base = ctx.config.platforms.fbgames?.graphUrl ?? `${ctx.config.publicUrl}/dev/facebook-graph/v19.0`;
  const url = new URL(`${base}/${encodeURIComponent(paymentId)}`);
  url.searchParams.set('fields', FIELDS);
  url.searchParams.set('access_token', `${app.appId}|${app.secrets[0] ?? ''}`);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch (error) {
    throw unavailable(`no answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw unavailable(`HTTP ${response.status}`);
  const body = (await response.json().catch(() => null)) as GraphPayment | null;
  if (!body || typeof body !== 'object') throw unavailable('no JSON object');
  return body;
}
