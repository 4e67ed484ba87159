import { type AuthenticateFromFirebaseRequest, FIREBASE_PROVIDERS, type FirebaseProvider } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { GameNotFoundError, InvalidTokenError, PlatformNotSupportedError } from '../../../errors.js';
import { hashToken } from '../../../lib/tokens.js';
import { recordMarketingConsent } from '../../accounts/accounts-service.js';
import { accountForIdentity, linkIdentity } from '../../accounts/identity-service.js';
import { spendIdToken } from './spent-id-tokens-repository.js';
import { verifyFirebaseIdToken } from './verify-firebase-token.js';

/**
 * Signs in with Google, Apple or Facebook through Firebase Auth: the ID token the
 * Firebase SDK gave the portal is verified against the company's project, spent (one
 * session per token), and the provider's identity finds or makes the account. The
 * provider must be one the company allows. Nothing is written unless all of that holds.
 */
export async function authenticateFromFirebase(
  ctx: AppContext,
  input: AuthenticateFromFirebaseRequest,
  geoCountry: string | null,
) {
  if (input.GameSystemName && !(await ctx.catalog.find(input.GameSystemName))) {
    throw new GameNotFoundError(input.GameSystemName);
  }
  const now = ctx.now();
  const identity = await allowedFirebaseIdentity(ctx, input.Token, now);
  return ctx.db.transaction().execute(async (trx) => {
    await spendFirebaseToken(trx, input.Token, identity.expiresAt, now);
    const { accountId } = await accountForIdentity(
      trx,
      { type: identity.identityType, id: identity.providerUid, name: identity.name },
      { geoCountry, locale: undefined },
      now,
    );
    if (input.MarketingEnabled) await recordMarketingConsent(ctx, trx, accountId, now);
    return {
      Token: await ctx.sessions.create(accountId, trx),
      AccountId: accountId,
      AuthenticatedSocialIdentifierType: identity.identityType,
      AuthenticatedSocialIdentifier: identity.providerUid,
    };
  });
}

/**
 * Adds the Google, Apple or Facebook identity of a Firebase ID token to the signed-in
 * player's account (spending the token), so either signs in to it; an identity another
 * account holds is refused with `identity_taken` and nothing changes.
 */
export async function linkFromFirebase(ctx: AppContext, accountId: string, token: string) {
  const now = ctx.now();
  const identity = await allowedFirebaseIdentity(ctx, token, now);
  await ctx.db.transaction().execute(async (trx) => {
    await spendFirebaseToken(trx, token, identity.expiresAt, now);
    await linkIdentity(ctx, trx, accountId, { type: identity.identityType, id: identity.providerUid }, now);
  });
}

/** The verified identity of a token of the company's project, from a provider the company allows. */
export async function allowedFirebaseIdentity(ctx: AppContext, token: string, now: number) {
  const branding = await ctx.catalog.branding();
  const projectId = branding.FirebaseOptions?.ProjectId;
  if (!projectId || !ctx.firebaseKeys) throw new PlatformNotSupportedError('Firebase');
  const identity = await verifyFirebaseIdToken(token, { projectId, keys: ctx.firebaseKeys, now });
  if (!allowedProviders(branding.Auth.AllowedAuthProviders).includes(identity.provider)) {
    throw new PlatformNotSupportedError(identity.provider);
  }
  return identity;
}

/** Spends a token once: a second use (a replay) is refused. */
export async function spendFirebaseToken(
  trx: Parameters<typeof spendIdToken>[0],
  token: string,
  expiresAt: number,
  now: number,
) {
  if (!(await spendIdToken(trx, hashToken(token), expiresAt, now))) throw new InvalidTokenError('Firebase ID token');
}

/** The Firebase providers among the company's allowed ones (catalog names, any case). */
function allowedProviders(allowed: readonly string[]): FirebaseProvider[] {
  const names = allowed.map((name) => name.toLowerCase());
  return (Object.keys(FIREBASE_PROVIDERS) as FirebaseProvider[]).filter((provider) => names.includes(provider));
}
