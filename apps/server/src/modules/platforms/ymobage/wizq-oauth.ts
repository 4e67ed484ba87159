import { createHmac } from 'node:crypto';
import { signaturesEqual } from '../signing.js';

/**
 * OAuth 1.0 HMAC-SHA1 as Mobage's gadget server signs the requests it relays to a game server
 * (platform-protocols.md §6b; OAuth Core 1.0 §9). Base string `METHOD&enc(URL)&enc(sorted
 * params)`, params being the form fields and the header's oauth_* (without realm and the
 * signature); key `enc(consumer secret)&` (no token secret: the gadget server signs alone).
 */

/** RFC 3986 percent-encoding, as OAuth 1.0 §5.1 wants it. */
export const oauthEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

export function oauthSignature(
  method: string,
  url: string,
  params: [string, string][],
  consumerSecret: string,
  tokenSecret = '',
): string {
  const normalized = params
    .map(([key, value]) => [oauthEncode(key), oauthEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const base = `${method.toUpperCase()}&${oauthEncode(url)}&${oauthEncode(normalized)}`;
  return createHmac('sha1', `${oauthEncode(consumerSecret)}&${oauthEncode(tokenSecret)}`)
    .update(base)
    .digest('base64');
}

/** The `Authorization: OAuth k="v", …` header's parameters; undefined when it is not one or repeats a key. */
export function parseOAuthHeader(header: string | undefined): Map<string, string> | undefined {
  if (!header || !/^OAuth\s/i.test(header)) return undefined;
  const params = new Map<string, string>();
  for (const part of header.replace(/^OAuth\s+/i, '').split(',')) {
    const match = /^\s*([\w]+)="([^"]*)"\s*$/.exec(part);
    if (!match) return undefined;
    const [, key = '', value = ''] = match;
    if (params.has(key)) return undefined;
    try {
      params.set(key, decodeURIComponent(value));
    } catch {
      return undefined;
    }
  }
  return params;
}

export type OAuthFailure = 'missing_header' | 'unsupported_method' | 'stale' | 'bad_signature' | 'other_app';

/** A clock apart from ours by more than this is a replay or a forgery. */
const TIMESTAMP_WINDOW_SECONDS = 300;

/**
 * Verifies a relayed request: HMAC-SHA1 with one of the app's secrets over the method, the URL
 * as WizQ called it and every form field; the consumer key must be the app's id and the
 * timestamp within five minutes of now. Answers the session (`oauth_token`) it was signed for.
 */
export function verifyOAuthRequest(
  request: { method: string; url: string; header: string | undefined; form: [string, string][] },
  app: { appId: string; secrets: readonly string[] },
  nowMs: number,
): { ok: true; session: string } | { ok: false; failure: OAuthFailure } {
  const oauth = parseOAuthHeader(request.header);
  const given = oauth?.get('oauth_signature');
  if (!oauth || !given) return { ok: false, failure: 'missing_header' };
  if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1') return { ok: false, failure: 'unsupported_method' };
  const params: [string, string][] = [
    ...request.form,
    ...[...oauth].filter(([key]) => key !== 'oauth_signature' && key !== 'realm'),
  ];
  const valid = app.secrets.some((secret) =>
    signaturesEqual(given, oauthSignature(request.method, request.url, params, secret)),
  );
  if (!valid) return { ok: false, failure: 'bad_signature' };
  if (oauth.get('oauth_consumer_key') !== app.appId) return { ok: false, failure: 'other_app' };
  const timestamp = Number(oauth.get('oauth_timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(Math.floor(nowMs / 1000) - timestamp) > TIMESTAMP_WINDOW_SECONDS) {
    return { ok: false, failure: 'stale' };
  }
  return { ok: true, session: oauth.get('oauth_token') ?? '' };
}

/** The Authorization header WizQ's gadget server sends (the simulator and tests sign with it). */
export function oauthHeader(
  request: { method: string; url: string; form: [string, string][] },
  oauth: { consumerKey: string; secret: string; token: string; timestamp: number; nonce: string },
): string {
  const params: Record<string, string> = {
    oauth_consumer_key: oauth.consumerKey,
    oauth_nonce: oauth.nonce,
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(oauth.timestamp),
    oauth_token: oauth.token,
    oauth_version: '1.0',
  };
  const signature = oauthSignature(
    request.method,
    request.url,
    [...request.form, ...Object.entries(params)],
    oauth.secret,
  );
  const all = { ...params, oauth_signature: signature };
  return `OAuth realm="", ${Object.entries(all)
    .map(([key, value]) => `${key}="${oauthEncode(value)}"`)
    .join(', ')}`;
}
