import type { AppContext } from '../../context.js';
import { lockForTransaction } from '../../db/database.js';
import {
  CaptchaFailedError,
  ExpiredTokenError,
  GameNotFoundError,
  InvalidTokenError,
  RateLimitedError,
} from '../../errors.js';
import { portalRouteUrl } from '../../http/portal-urls.js';
import { newId } from '../../lib/ids.js';
import { safeRedirect } from '../../lib/redirects.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import { findAccountByEmail, provenEmailAccount } from '../accounts/accounts-repository.js';
import { findBranding } from '../games/company-repository.js';
import { findGame } from '../games/games-repository.js';
import { magicLinkEmail } from '../mail/magic-link-email.js';
import type { MagicLinkTexts } from '../mail/magic-link-texts.js';
import type { MailMessage } from '../mail/mailer.js';
import { enqueue } from '../outbox/outbox.js';

/** A magic link lives ten minutes (ASVS 6.5.5). */
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
  if (input.gameSystemName && !(await findGame(ctx.db, input.gameSystemName))) {
    throw new GameNotFoundError(input.gameSystemName);
  }
  const emailNormalized = input.email.toLowerCase();
  const now = ctx.now();
  const token = newSecretToken();
  const message = await linkEmail(ctx, { to: input.email, locale: input.locale, token });
  await ctx.db.transaction().execute(async (trx) => {
    // Count and insert as one step per address, so requests at once cannot all pass the limit.
    await lockForTransaction(trx, `email-invites:${emailNormalized}`);
    const recent = await trx
      .selectFrom('email_invites')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('email_normalized', '=', emailNormalized)
      .where('created_at', '>', now - INVITE_WINDOW_MS)
      .executeTakeFirstOrThrow();
    if (Number(recent.count) >= INVITES_PER_EMAIL) throw new RateLimitedError('sign-in emails for this address');
    await trx
      .insertInto('email_invites')
      .values({
        id: newId(),
        token_hash: hashToken(token),
        email: input.email,
        email_normalized: emailNormalized,
        game_system_name: input.gameSystemName ?? null,
        redirect_uri: redirectUri,
        locale: input.locale ?? null,
        created_at: now,
        expires_at: now + INVITE_TTL_MS,
        consumed_at: null,
      })
      .execute();
    await enqueue(trx, 'email', message, now);
  });
}

/**
 * Consumes a magic link (once, atomically) and starts a session, creating the
 * account on first sign-in. Only this POST consumes: opening the page does not,
 * so mail scanners that fetch links cannot burn them.
 */
export async function authenticateFromEmailInvite(
  ctx: AppContext,
  inviteToken: string,
  geoCountry: string | null,
): Promise<{ token: string; redirectUri: string | undefined }> {
  const hash = hashToken(inviteToken);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const invite = await trx
      .updateTable('email_invites')
      .set({ consumed_at: now })
      .where('token_hash', '=', hash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['email', 'email_normalized', 'redirect_uri', 'locale'])
      .executeTakeFirst();
    if (!invite) {
      const stale = await trx
        .selectFrom('email_invites')
        .select(['consumed_at', 'expires_at'])
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (stale && stale.consumed_at === null) throw new ExpiredTokenError('sign-in link');
      throw new InvalidTokenError('sign-in link');
    }
    const found = await findAccountByEmail(trx, invite.email_normalized);
    const account = await provenEmailAccount(trx, found, invite, geoCountry, now);
    // Presented accounts are cached; a newly verified address must show at once.
    if (found && found.email_validated !== 1) ctx.accounts.delete(account.id);
    const token = await ctx.sessions.create(account.id, trx);
    return { token, redirectUri: invite.redirect_uri ?? undefined };
  });
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
    texts?: Record<string, MagicLinkTexts> | undefined;
    placeholders?: Record<string, string> | undefined;
  },
): Promise<MailMessage> {
  const type = input.inviteType ? `&inviteType=${input.inviteType}` : '';
  // A static file, not a route: under the base path even with hash routing.
  const logoUrl = `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}brand/logo.svg`;
  return magicLinkEmail({
    to: input.to,
    link: portalRouteUrl(ctx.config, `LoginValidateEmail?inviteToken=${input.token}${type}`),
    locale: input.locale,
    minutes: INVITE_TTL_MS / 60_000,
    branding: await findBranding(ctx.db),
    logoUrl,
    ...(input.texts ? { texts: input.texts } : {}),
    ...(input.placeholders ? { placeholders: input.placeholders } : {}),
  });
}
