import type { ApiClient } from '../../../shared/api/client';
import { linkEmail, sendEmailInvite } from '../api/email-invite';
import { browserNonce } from './browser-nonce';
import { returnPath } from './redirect';

export interface EmailLoginInput {
  email: string;
  captchaToken: string;
  gameSystemName?: string | undefined;
  /** Portal route to land on after the link is opened. */
  returnTo?: string | undefined;
  locale?: string | undefined;
  basePath: string;
  /** A signed-in player's session: the link then adds the address to that account (POST /auth/link_email). */
  linkBearer?: string | undefined;
}

/**
 * Asks for the magic link; both the address and the robot-check token are required (spec §5).
 * The link signs in at once only in this browser, which sends its nonce along.
 */
export function requestEmailLogin(api: ApiClient, input: EmailLoginInput) {
  if (!input.email) return Promise.reject(new Error('Email is required for email login'));
  if (!input.captchaToken) return Promise.reject(new Error('Captcha token is required for email login'));
  const nonce = browserNonce();
  if (input.linkBearer) {
    // Only this browser can open such a link: without a nonce (blocked storage) it could never be used.
    if (!nonce) return Promise.reject(new Error('This browser keeps no data, so the link could not be opened here'));
    return linkEmail(api, input.linkBearer, {
      Email: input.email,
      CaptchaResult: input.captchaToken,
      BrowserNonce: nonce,
      ...(input.returnTo ? { RedirectUri: returnPath(input.returnTo, input.basePath) } : {}),
      ...(input.locale ? { Locale: input.locale } : {}),
    });
  }
  return sendEmailInvite(api, {
    Email: input.email,
    CaptchaResult: input.captchaToken,
    ...(input.gameSystemName ? { GameSystemName: input.gameSystemName } : {}),
    ...(input.returnTo ? { RedirectUri: returnPath(input.returnTo, input.basePath) } : {}),
    ...(input.locale ? { Locale: input.locale } : {}),
    ...(nonce ? { BrowserNonce: nonce } : {}),
  });
}
