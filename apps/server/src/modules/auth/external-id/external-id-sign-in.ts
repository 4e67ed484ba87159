import {
  type AuthenticateToFxidAdapterForExternalIdRequest,
  type AuthenticateWithExternalIdRequest,
  EXTERNAL_ID_ADAPTERS,
  type ExternalIdAuthResponse,
} from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { lockForTransaction } from '../../../db/database.js';
import { spendToken } from '../../../db/single-use-tokens.js';
import {
  ExpiredTokenError,
  ForbiddenError,
  GameNotFoundError,
  InvalidTokenError,
  PlatformNotSupportedError,
  ValidationError,
} from '../../../errors.js';
import { hashToken } from '../../../lib/tokens.js';
import { accountForIdentity, findAccountIdByIdentity } from '../../accounts/identity-service.js';
import { allowedFirebaseIdentity, spendFirebaseToken } from '../firebase/firebase-sign-in.js';
import { spendIdToken } from '../firebase/spent-id-tokens-repository.js';
import { verifyExternalIdProof } from './external-id-proof.js';
import * as repo from './external-id-repository.js';
import { externalIdAnswer, startExternalIdSession } from './external-id-tokens.js';

interface Extras {
  geoCountry: string | null;
}

/**
 * `authenticate_with_external_id/{Game}`: a game's server vouches for its player's external
 * identity (Steam, EGS, …) with a proof made with the game's secret, or the game exchanges a
 * refresh token of an earlier answer. Either way the answer is a portal session, a new refresh
 * token and a GameAccessToken. Nothing is written unless everything holds.
 */
export async function authenticateWithExternalId(
  ctx: AppContext,
  game: string,
  input: AuthenticateWithExternalIdRequest,
  extras: Extras,
): Promise<ExternalIdAuthResponse> {
  if (!(await ctx.catalog.find(game))) throw new GameNotFoundError(game);
  if (input.EmailCredentials) throw new PlatformNotSupportedError('Email');
  const vouched = input.ExternalSocialIdentifier;
  if (input.RefreshToken !== undefined) {
    if (vouched || input.ExternalInfo) throw onlyOneWay();
    return refresh(ctx, game, input.RefreshToken);
  }
  if (!vouched || !input.ExternalInfo) {
    throw new ValidationError([
      {
        Field: 'ExternalSocialIdentifier',
        Message: 'Give ExternalSocialIdentifier with ExternalInfo, or a RefreshToken',
      },
    ]);
  }
  const now = ctx.now();
  const proof = input.ExternalInfo.UserPayload;
  const { replayableUntil } = verifyExternalIdProof(ctx.config, game, vouched, proof, now);
  const started = await ctx.db.transaction().execute(async (trx) => {
    if (!(await spendIdToken(trx, hashToken(proof), replayableUntil, now))) {
      throw new InvalidTokenError('external id proof');
    }
    await lockForTransaction(trx, `social-identity:${vouched.Type}:${vouched.Id}`);
    const voucher = await repo.voucherOf(trx, vouched.Type, vouched.Id);
    if (voucher === undefined) {
      // An identity some other way of signing in put on an account is not this game's to vouch for.
      if (await findAccountIdByIdentity(trx, vouched.Type, vouched.Id)) throw notThisGames(vouched.Type);
      await repo.insertVoucher(trx, { type: vouched.Type, id: vouched.Id, game }, now);
    } else if (voucher !== game) {
      throw notThisGames(vouched.Type);
    }
    const { accountId } = await accountForIdentity(
      trx,
      { type: vouched.Type, id: vouched.Id },
      { geoCountry: extras.geoCountry, locale: input.Locale },
      now,
    );
    return startExternalIdSession(ctx, trx, accountId, game, now);
  });
  return externalIdAnswer(ctx, started);
}

/**
 * `authenticate_to_fxid_adapter_for_external_id`: the game signs its player in through one of
 * fxid's own auth adapters (Google, Facebook, Apple through a Firebase ID token) and gets the
 * same tokens as an external-id sign-in. Other adapters: 'Login provider {x} is not supported.'
 */
export async function authenticateToFxidAdapterForExternalId(
  ctx: AppContext,
  input: AuthenticateToFxidAdapterForExternalIdRequest,
  extras: Extras,
): Promise<ExternalIdAuthResponse> {
  const adapter = EXTERNAL_ID_ADAPTERS.find((name) => name.toLowerCase() === input.AuthenticationType.toLowerCase());
  if (!adapter) throw new PlatformNotSupportedError(input.AuthenticationType);
  if (!(await ctx.catalog.find(input.Game))) throw new GameNotFoundError(input.Game);
  if (!input.FirebaseLogin) {
    throw new ValidationError([{ Field: 'FirebaseLogin', Message: `${adapter} sign-in needs FirebaseLogin.Token` }]);
  }
  const now = ctx.now();
  const token = input.FirebaseLogin.Token;
  const identity = await allowedFirebaseIdentity(ctx, token, now);
  if (identity.identityType !== adapter) {
    throw new ValidationError([
      { Field: 'AuthenticationType', Message: `The token is a ${identity.identityType} sign-in, not ${adapter}` },
    ]);
  }
  const started = await ctx.db.transaction().execute(async (trx) => {
    await spendFirebaseToken(trx, token, identity.expiresAt, now);
    const { accountId } = await accountForIdentity(
      trx,
      { type: identity.identityType, id: identity.providerUid, name: identity.name },
      { geoCountry: extras.geoCountry, locale: input.Locale },
      now,
    );
    return startExternalIdSession(ctx, trx, accountId, input.Game, now);
  });
  return externalIdAnswer(ctx, started);
}

/** Exchanges a refresh token (once, for its own game only) for a new set of tokens. */
async function refresh(ctx: AppContext, game: string, refreshToken: string): Promise<ExternalIdAuthResponse> {
  const now = ctx.now();
  const started = await ctx.db.transaction().execute(async (trx) => {
    const spent = await spendToken(trx, 'external_id_refresh_tokens', hashToken(refreshToken), now, (eb) =>
      eb('game', '=', game),
    );
    if (!spent.spent) {
      if (spent.failure === 'expired') throw new ExpiredTokenError('refresh token');
      throw new InvalidTokenError('refresh token');
    }
    return startExternalIdSession(ctx, trx, spent.row.account_id, game, now);
  });
  return externalIdAnswer(ctx, started);
}

function onlyOneWay() {
  return new ValidationError([
    { Field: 'RefreshToken', Message: 'Give either a RefreshToken or ExternalSocialIdentifier, not both' },
  ]);
}

function notThisGames(type: string) {
  return new ForbiddenError(`This ${type} identity was not introduced by this game, so its server cannot vouch for it`);
}
