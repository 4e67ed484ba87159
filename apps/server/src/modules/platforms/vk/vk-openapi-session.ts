import { signaturesEqual } from '../signing.js';
import { vkPaymentSig } from './vk-payment-sign.js';

/**
 * VK Open API sessions (openapi.js on a site: `VK.Auth.getLoginStatus`, the `vk_app_{appId}`
 * cookie): `sig` = md5 of `expire=…mid=…secret=…sid=…` (the four fields sorted by key, no
 * separators) followed by the app's secure key — VK's own recipe for checking the session "on
 * the remote side", the same md5 construction as its payment notifications. Valid until
 * `expire` (unix seconds). Only `mid` is signed: the user's name and email beside it are not.
 */
export interface VkOpenApiSession {
  expire: number;
  mid: string;
  secret: string;
  sid: string;
  sig: string;
}

export type VkOpenApiVerdict = { ok: true; userId: string } | { ok: false; failure: 'bad_sign' | 'expired' };

const signedFields = (session: Omit<VkOpenApiSession, 'sig'>) =>
  new Map([
    ['expire', String(session.expire)],
    ['mid', session.mid],
    ['secret', session.secret],
    ['sid', session.sid],
  ]);

/** The `sig` VK puts on a session of this app (what a simulator of VK, or a test, signs with). */
export function vkOpenApiSig(session: Omit<VkOpenApiSession, 'sig'>, secret: string): string {
  return vkPaymentSig(signedFields(session), secret);
}

/**
 * Checks a session against each current secure key of the game's VK app (several during
 * rotation; a session of another app is signed with another key and fails), then its expiry.
 */
export function verifyVkOpenApiSession(
  session: VkOpenApiSession,
  secrets: readonly string[],
  nowMs: number,
): VkOpenApiVerdict {
  const signed = secrets.some((secret) => signaturesEqual(session.sig.toLowerCase(), vkOpenApiSig(session, secret)));
  if (!signed) return { ok: false, failure: 'bad_sign' };
  if (session.expire * 1000 <= nowMs) return { ok: false, failure: 'expired' };
  return { ok: true, userId: session.mid };
}
