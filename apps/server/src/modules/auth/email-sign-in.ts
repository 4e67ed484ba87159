import type { AppContext } from '../../context.js';
import { lockForTransaction } from '../../db/database.js';
import type { SpendFailure } from '../../db/single-use-tokens.js';
import {
  CaptchaFailedError,
  ExpiredTokenError,
  GameNotFoundError,
  InvalidTokenError,
  RateLimitedError,
  SignInConfirmationRequiredError,
} from '../../errors.js';
import { portalRouteUrl } from '../../http/portal-urls.js';
import { deviceName } from '../../lib/device-name.js';
import { newId } from '../../lib/ids.js';
import { safeRedirect } from '../../lib/redirects.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import { accountForProvenEmail } from '../accounts/accounts-service.js';
import { addProvenEmail } from '../accounts/identity-service.js';
import { emailInviteMail } from '../mail/email-invite-mail.js';
import type { EmailInviteTexts } from '../mail/email-invite-texts.js';
import type { MailMessage } from '../mail/mailer.js';
import { enqueue } from '../outbox/outbox.js';
import * as repo from './email-invites-repository.js';

/** An email invite (the mailed sign-in link) lives ten minutes (ASVS 6.5.5). */
export const INVITE_TTL_MS = 10 * 60 * 1000;
/** At most this many links per address per window, whoever asks. */
export const INVITES_PER_EMAIL = 3;
export const INVITE_WINDOW_MS = 15 * 60 * 1000;

export interface EmailInviteInput {
  email: string;
  captchaResult: string;
  gameSystemName?: string | undefined;
  redirectUri?: string | undefined;
  locale?: string | undefined;
  /** The asking browser's nonce: that browser may sign in without confirming. */
  browserNonce?: string | undefined;
  /** The asking browser's User-Agent, named for whoever opens the link elsewhere. */
  userAgent?: string | undefined;
  /** A signed-in player adds this address to the account (link_email); spent only by the asking browser. */
  linkAccountId?: string | undefined;
}

/**
 * Mails a sign-in link. The same work happens whether or not the address has an
 * account (the link signs up or signs in), so answers and timing cannot tell them apart.
 * The mail itself goes through the outbox, in the same transaction as the invite.
 */
export async function requestEmailInvite(ctx: AppContext, input: EmailInviteInput, remoteIp: string): Promise<void> {
  if (!(await ctx.captcha.verify(input.captchaResult, remoteIp))) throw new CaptchaFailedError();
  const redirectUri = input.redirectUri
    ? safeRedirect(input.redirectUri, ctx.config.publicUrl, ctx.config.redirectAllowlist)
    : null;
  if (input.gameSystemName && !(await ctx.catalog.find(input.gameSystemName))) {
    throw new GameNotFoundError(input.gameSystemName);
  }
  const emailNormalized = input.email.toLowerCase();
  const now = ctx.now();
  const token = newSecretToken();
  const message = await linkEmail(ctx, { to: input.email, locale: input.locale, token });
  await ctx.db.transaction().execute(async (trx) => {
    // Count and insert as one step per address, so requests at once cannot all pass the limit.
    await lockForTransaction(trx, `email-invites:${emailNormalized}`);
    if ((await repo.countInvitesSince(trx, emailNormalized, now - INVITE_WINDOW_MS)) >= INVITES_PER_EMAIL) {
      throw new RateLimitedError('sign-in emails for this address');
    }
    await repo.insertInvite(trx, {
      id: newId(),
      token_hash: hashToken(token),
      email: input.email,
      email_normalized: emailNormalized,
      game_system_name: input.gameSystemName ?? null,
      redirect_uri: redirectUri,
      locale: input.locale ?? null,
      created_at: now,
      expires_at: now + INVITE_TTL_MS,
      browser_nonce_hash: input.browserNonce ? hashToken(input.browserNonce) : null,
      requested_on: deviceName(input.userAgent),
      link_account_id: input.linkAccountId ?? null,
    });
    await enqueue(trx, 'email', message, now);
  });
}

/**
 * How the browser opening a link vouches for the sign-in: the nonce it kept when it
 * asked for the link, or the player's confirmation in any other browser.
 */
export type SignInProof = { browserNonce?: string | undefined; confirmed?: boolean | undefined };

/**
 * Consumes an email invite (once, atomically) and starts a session, creating the
 * account on first sign-in. Only this POST consumes: opening the page does not,
 * so mail scanners that fetch links cannot burn them. The browser that asked for the
 * link proves it with its nonce; any other browser must send the player's
 * confirmation, or nothing is spent (login CSRF, security.md §12 row 32).
 */
export async function authenticateFromEmailInvite(
  ctx: AppContext,
  inviteToken: string,
  proof: SignInProof,
  geoCountry: string | null,
): Promise<{ token: string; redirectUri: string | undefined }> {
  const hash = hashToken(inviteToken);
  const nonceHash = proof.browserNonce ? hashToken(proof.browserNonce) : null;
  const now = ctx.now();
  const started = await ctx.db.transaction().execute(async (trx) => {
    const spent = await repo.spendInvite(trx, hash, now, { nonceHash, confirmed: proof.confirmed === true });
    if (!spent.spent) throw inviteFailure(spent.failure);
    const invite = spent.row;
    let accountId: string;
    if (invite.link_account_id) {
      // A link that adds the address to the account that asked for it, which it then signs in to.
      await addProvenEmail(ctx, trx, invite.link_account_id, invite, now);
      accountId = invite.link_account_id;
    } else {
      accountId = (await accountForProvenEmail(ctx, trx, spent.holder, invite, geoCountry, now)).id;
    }
    const token = await ctx.sessions.create(accountId, trx);
    return { token, redirectUri: invite.redirect_uri ?? undefined };
  });
  // Counted after the commit: a sign-in that rolled back started no session.
  ctx.metrics.signedIn('email');
  return started;
}

/**
 * What a browser that did not ask for a link shows before the player confirms: whose
 * account it signs in, and which device asked. Spends nothing.
 */
export async function emailInviteDetails(ctx: AppContext, inviteToken: string) {
  const { state, row } = await repo.inspectInvite(ctx.db, hashToken(inviteToken), ctx.now());
  if (state !== 'live' || !row) throw inviteFailure(state);
  return { Email: row.email, RequestedAt: row.created_at, RequestedOn: row.requested_on };
}

/** The error for a link that could not be spent or shown. */
function inviteFailure(failure: SpendFailure | 'live'): Error {
  if (failure === 'expired') return new ExpiredTokenError('sign-in link');
  // Live but not this browser's, and not confirmed: nothing was spent (security.md §12 row 32).
  if (failure === 'refused') return new SignInConfirmationRequiredError();
  return new InvalidTokenError('sign-in link');
}

/**
 * The email carrying a LoginValidateEmail link for `token` (sign-in by default; other
 * wording, e.g. connecting a game, through `texts`). The link is built from
 * configuration, never from the Host header of the request.
 */
export async function linkEmail(
  ctx: AppContext,
  input: {
    to: string;
    locale: string | undefined;
    token: string;
    inviteType?: string | undefined;
    texts?: Record<string, EmailInviteTexts> | undefined;
    placeholders?: Record<string, string> | undefined;
  },
): Promise<MailMessage> {
  const type = input.inviteType ? `&inviteType=${input.inviteType}` : '';
  // A static file, not a route: under the base path even with hash routing.
  const logoUrl = `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}brand/logo.svg`;
  return emailInviteMail({
    to: input.to,
    link: portalRouteUrl(ctx.config, `LoginValidateEmail?inviteToken=${input.token}${type}`),
    locale: input.locale,
    minutes: INVITE_TTL_MS / 60_000,
    branding: await ctx.catalog.branding(),
    logoUrl,
    ...(input.texts ? { texts: input.texts } : {}),
    ...(input.placeholders ? { placeholders: input.placeholders } : {}),
  });
}
