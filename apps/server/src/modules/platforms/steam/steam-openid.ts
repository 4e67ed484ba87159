import { PlatformAuthError, ServiceUnavailableError } from '../../../errors.js';

/**
 * Steam OpenID 2.0 on the web (platform-protocols.md §4c, after xPaw/SteamOpenID.php): the
 * redirect to Steam's login, and the checks of what Steam sends back, ending in Steam's own
 * verdict (`check_authentication`, stateless mode: Steam checks its signature, we cannot).
 */

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** Exactly the fields Steam signs; another list is not Steam's answer. */
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';
const CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(7656119\d{10})\/?$/;
/** How old a response nonce may be (its time prefix); older ones are replays. */
export const NONCE_MAX_AGE_MS = 5 * 60_000;
const TIMEOUT_MS = 5_000;

/** Steam's login URL for a checkid_setup that returns to `returnTo` (under `realm`). */
export function steamOpenIdLoginUrl(endpoint: string, returnTo: string, realm: string): string {
  const query = new URLSearchParams({
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  });
  return `${endpoint}?${query}`;
}

const refuse = (reason: string): never => {
  throw new PlatformAuthError('platform_sign_invalid', 'SteamOpenId', reason);
};

/**
 * The SteamID64 of a positive assertion, once every local check passed and Steam confirmed it;
 * PlatformAuthError otherwise. `returnTo` is our callback URL (without its query): the assertion
 * must be for it, not for another site. `spendNonce` remembers the nonce (false: seen before).
 */
export async function verifySteamOpenId(
  params: URLSearchParams,
  options: {
    /** The OP endpoint Steam names itself by (`https://steamcommunity.com/openid/login`). */
    endpoint: string;
    /** Where check_authentication is posted (the endpoint; a fake in tests). */
    checkUrl: string;
    returnTo: string;
    nowMs: number;
    spendNonce: (nonce: string) => Promise<boolean>;
  },
): Promise<string> {
  const field = (name: string) => params.get(`openid.${name}`) ?? '';
  for (const [key] of params) {
    if (params.getAll(key).length > 1) refuse(`repeated ${key}`);
  }
  if (field('ns') !== OPENID_NS || field('mode') !== 'id_res') refuse('not a positive assertion');
  if (field('op_endpoint') !== options.endpoint) refuse('another OP endpoint');
  const claimed = field('claimed_id');
  const steamId = CLAIMED_ID.exec(claimed)?.[1];
  if (!steamId || field('identity') !== claimed) refuse('not a Steam identity');
  if (field('signed') !== SIGNED) refuse('another signed list');
  const returnTo = field('return_to');
  if (returnTo !== options.returnTo && !returnTo.startsWith(`${options.returnTo}?`)) refuse('returned to another site');
  const nonce = field('response_nonce');
  const issued = Date.parse(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)/.exec(nonce)?.[1] ?? '');
  if (!Number.isFinite(issued) || Math.abs(options.nowMs - issued) > NONCE_MAX_AGE_MS) refuse('stale nonce');

  const check = new URLSearchParams();
  for (const [key, value] of params) if (key.startsWith('openid.')) check.set(key, value);
  check.set('openid.mode', 'check_authentication');
  let body: string;
  try {
    const response = await fetch(options.checkUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: check.toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // Steam rate-limits check_authentication (403, 429): fail closed.
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    body = await response.text();
  } catch {
    throw new ServiceUnavailableError('Steam');
  }
  const answer = new Map(
    body.split('\n').flatMap((line) => {
      const at = line.indexOf(':');
      return at > 0 ? [[line.slice(0, at), line.slice(at + 1).trim()] as const] : [];
    }),
  );
  if (answer.get('ns') !== OPENID_NS || answer.get('is_valid') !== 'true') refuse('Steam did not confirm it');
  // Counted only once Steam confirmed it: a forged assertion spends nothing.
  if (!(await options.spendNonce(nonce))) {
    throw new PlatformAuthError('platform_payload_expired', 'SteamOpenId', 'assertion used before');
  }
  return steamId as string;
}
