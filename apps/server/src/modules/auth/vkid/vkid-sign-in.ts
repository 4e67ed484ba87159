import { createHash } from 'node:crypto';
import {
  type AuthenticateToFxidRequest,
  PORTAL_LOCALES,
  type VkIdStartRequest,
  type VkIdStartResponse,
} from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { spendToken } from '../../../db/single-use-tokens.js';
import {
  ExpiredTokenError,
  InvalidTokenError,
  PlatformAuthError,
  PlatformNotSupportedError,
  ValidationError,
} from '../../../errors.js';
import { equalInConstantTime } from '../../../lib/constant-time.js';
import { newId } from '../../../lib/ids.js';
import { hashToken, newSecretToken } from '../../../lib/tokens.js';
import { withQuery } from '../../../lib/with-query.js';
import { accountForIdentity, linkIdentity } from '../../accounts/identity-service.js';
import { exchangeVkIdCode } from './vkid-client.js';
import { VKID_REDIRECT_PATH } from './vkid-config.js';
import { vkIdOptionsFor } from './vkid-options.js';

/** How long a started VK ID sign-in may take (VK ID's codes live 10 minutes too). */
export const VKID_STATE_TTL_MS = 10 * 60_000;

/** The identity a VK ID user signs in as: the VK user id through VK ID's OAuth (spec §3). */
export const VKID_IDENTITY_TYPE = 'VkontakteComOauth' as const;

/** The trusted redirect URL of the VK ID app (exact match at VK ID: security.md §9b). */
export function vkIdRedirectUri(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}${VKID_REDIRECT_PATH.slice(1)}`;
}

/**
 * Starts a VK ID sign-in (or, with a session, adding VK ID to that account): a one-time
 * state bound to this browser's nonce and to the PKCE challenge it announced. The verifier
 * never leaves the browser until the code exchange.
 */
export async function startVkIdSignIn(
  ctx: AppContext,
  input: VkIdStartRequest,
  accountId: string | undefined,
): Promise<VkIdStartResponse> {
  const options = await vkIdOptionsFor(ctx, input.Game);
  const state = newSecretToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('vkid_sign_ins')
    .values({
      id: newId(),
      token_hash: hashToken(state),
      browser_nonce_hash: hashToken(input.BrowserNonce),
      code_challenge: input.CodeChallenge,
      client_id: options.ClientId,
      account_id: accountId ?? null,
      created_at: now,
      expires_at: now + VKID_STATE_TTL_MS,
      consumed_at: null,
    })
    .execute();
  const redirectUrl = vkIdRedirectUri(ctx);
  const authorize = withQuery(`${ctx.config.vkid.baseUrl}/authorize`, {
    response_type: 'code',
    client_id: options.ClientId,
    redirect_uri: redirectUrl,
    state,
    code_challenge: input.CodeChallenge,
    code_challenge_method: 's256',
    scope: options.Scope,
  });
  return {
    State: state,
    ClientId: options.ClientId,
    Scope: options.Scope,
    RedirectUrl: redirectUrl,
    AuthorizeUrl: authorize,
  };
}

/**
 * Finishes a VK ID sign-in (spec store §7: AuthenticationType VkId, VkIdLogin): the state
 * is spent by the browser (and account) that started it, the verifier must match the
 * challenge, and VK ID itself exchanges the code for the user. Without a session that user
 * signs in (made on first sight); with the session that started it, VK ID is added to it.
 */
export async function authenticateToFxid(
  ctx: AppContext,
  input: AuthenticateToFxidRequest,
  session: { accountId: string; bearer: string } | undefined,
  geoCountry: string | null,
) {
  if (input.AuthenticationType !== 'VkId') throw new PlatformNotSupportedError(input.AuthenticationType);
  const login = input.VkIdLogin;
  if (!login) {
    throw new ValidationError([{ Field: 'body.VkIdLogin', Message: 'VK payload is required for VK login' }]);
  }
  const now = ctx.now();
  const spent = await spendToken(ctx.db, 'vkid_sign_ins', hashToken(login.State), now, (eb) =>
    eb.and([
      eb('browser_nonce_hash', '=', hashToken(login.BrowserNonce)),
      session
        ? eb.or([eb('account_id', 'is', null), eb('account_id', '=', session.accountId)])
        : eb('account_id', 'is', null),
    ]),
  );
  if (!spent.spent) {
    if (spent.failure === 'expired') throw new ExpiredTokenError('VK ID sign-in');
    // Unknown, used, or started by another browser or account: told apart to nobody.
    throw new InvalidTokenError('VK ID sign-in state');
  }
  const started = spent.row;
  const challenge = createHash('sha256').update(login.CodeVerifier, 'ascii').digest('base64url');
  if (!equalInConstantTime(challenge, started.code_challenge)) {
    throw new PlatformAuthError('platform_sign_invalid', 'VkId', 'code_verifier does not match the challenge');
  }
  const profile = await exchangeVkIdCode({
    baseUrl: ctx.config.vkid.baseUrl,
    clientId: started.client_id,
    redirectUri: vkIdRedirectUri(ctx),
    code: login.Code,
    codeVerifier: login.CodeVerifier,
    deviceId: login.DeviceId,
    state: login.State,
  });
  const identity = { type: VKID_IDENTITY_TYPE, id: profile.userId, name: profile.name };
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (started.account_id && session) {
      await linkIdentity(ctx, trx, started.account_id, identity, ctx.now());
      return { Success: true as const, Data: { AccountId: started.account_id, Token: session.bearer, Linked: true } };
    }
    const locale = input.Locale?.toLowerCase();
    const supported = locale && (PORTAL_LOCALES as readonly string[]).includes(locale) ? locale : undefined;
    const { accountId } = await accountForIdentity(trx, identity, { geoCountry, locale: supported }, ctx.now());
    return {
      Success: true as const,
      Data: { AccountId: accountId, Token: await ctx.sessions.create(accountId, trx), Linked: false },
    };
  });
  // Counted after the commit: a sign-in that rolled back started no session.
  if (!result.Data.Linked) ctx.metrics.signedIn('vkid');
  return result;
}
