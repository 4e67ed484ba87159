import type { AppContext } from '../../../context.js';
import { spendToken } from '../../../db/single-use-tokens.js';
import {
  ExpiredTokenError,
  GameNotFoundError,
  InvalidTokenError,
  PlatformAuthError,
  PlatformNotConfiguredError,
  UnauthorizedError,
  ValidationError,
} from '../../../errors.js';
import { newId } from '../../../lib/ids.js';
import { hashToken, newSecretToken } from '../../../lib/tokens.js';
import { withQuery } from '../../../lib/with-query.js';
import { accountForIdentity, findAccountIdByIdentity, linkIdentity } from '../../accounts/identity-service.js';
import { exchangeMyGamesCode, type MyGamesClient } from './mygames-client.js';
import { MYGAMES_REDIRECT_PAGE, myGamesAppOf } from './mygames-config.js';

/** How long a started MY.GAMES sign-in, and a transfer token, live. */
export const MYGAMES_STATE_TTL_MS = 10 * 60_000;
export const MYGAMES_TRANSFER_TTL_MS = 15 * 60_000;
const IDENTITY = 'MyGamesId' as const;

export function myGamesRedirectUri(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}${MYGAMES_REDIRECT_PAGE}`;
}

async function clientOf(ctx: AppContext, game: string): Promise<MyGamesClient> {
  if (!(await ctx.catalog.find(game))) throw new GameNotFoundError(game);
  const app = myGamesAppOf(ctx.config.myGames, game);
  const clientSecret = app?.secrets[0];
  if (!app || !clientSecret || !ctx.config.myGames.oauthUrl) throw new PlatformNotConfiguredError(game, IDENTITY);
  return { oauthUrl: ctx.config.myGames.oauthUrl, clientId: app.appId, clientSecret };
}

/** Starts a MY.GAMES sign-in: a one-time state bound to this browser and game, and where to send the player. */
export async function startMyGames(ctx: AppContext, input: { Game: string; BrowserNonce: string }) {
  const client = await clientOf(ctx, input.Game);
  const state = newSecretToken();
  const now = ctx.now();
  await ctx.db
    .insertInto('mygames_sign_ins')
    .values({
      id: newId(),
      token_hash: hashToken(state),
      browser_nonce_hash: hashToken(input.BrowserNonce),
      game: input.Game,
      created_at: now,
      expires_at: now + MYGAMES_STATE_TTL_MS,
      consumed_at: null,
    })
    .execute();
  const redirectUri = myGamesRedirectUri(ctx);
  const authorize = withQuery(`${client.oauthUrl}/oauth2/authorize`, {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    state,
  });
  return { State: state, AuthorizeUrl: authorize, RedirectUrl: redirectUri };
}

/** `code` and `state` of the address MY.GAMES sent the browser back to; it must be our redirect page. */
function callbackOf(ctx: AppContext, url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ValidationError([{ Field: 'body.Url', Message: 'Expected the address MY.GAMES sent back to' }]);
  }
  if (`${parsed.origin}${parsed.pathname}` !== myGamesRedirectUri(ctx)) {
    throw new ValidationError([{ Field: 'body.Url', Message: 'Expected the address MY.GAMES sent back to' }]);
  }
  const error = parsed.searchParams.get('error');
  if (error) throw new PlatformAuthError('platform_sign_invalid', IDENTITY, error.slice(0, 100));
  const code = parsed.searchParams.get('code');
  const state = parsed.searchParams.get('state');
  if (!code || !state) {
    throw new ValidationError([{ Field: 'body.Url', Message: 'MY.GAMES payload is required for MY.GAMES login' }]);
  }
  return { code, state };
}

/**
 * `oauth/mygames/info`: the state is spent by the browser that started it, MY.GAMES exchanges
 * the code for its user, and a single-use transfer token is made for that user. When an account
 * already holds the MY.GAMES identity, a session of it comes back too (the player signs in).
 */
export async function myGamesInfo(ctx: AppContext, input: { Game: string; Url: string; BrowserNonce: string }) {
  const client = await clientOf(ctx, input.Game);
  const { code, state } = callbackOf(ctx, input.Url);
  const spent = await spendToken(ctx.db, 'mygames_sign_ins', hashToken(state), ctx.now(), (eb) =>
    eb.and([eb('browser_nonce_hash', '=', hashToken(input.BrowserNonce)), eb('game', '=', input.Game)]),
  );
  if (!spent.spent) {
    if (spent.failure === 'expired') throw new ExpiredTokenError('MY.GAMES sign-in');
    throw new InvalidTokenError('MY.GAMES sign-in state');
  }
  const user = await exchangeMyGamesCode(client, code, myGamesRedirectUri(ctx));
  const transferToken = newSecretToken();
  const now = ctx.now();
  const accountId = await findAccountIdByIdentity(ctx.db, IDENTITY, user.userId);
  const result = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mygames_transfer_tokens')
      .values({
        id: newId(),
        token_hash: hashToken(transferToken),
        game: input.Game,
        mygames_user_id: user.userId,
        email: user.email ?? null,
        account_id: null,
        created_at: now,
        expires_at: now + MYGAMES_TRANSFER_TTL_MS,
        consumed_at: null,
      })
      .execute();
    return accountId ? await ctx.sessions.create(accountId, trx) : null;
  });
  if (result) ctx.metrics.signedIn('mygames');
  return {
    Success: true as const,
    Data: {
      Token: result,
      AccountId: accountId ?? null,
      Email: user.email ?? null,
      MyGamesTokenData: {
        MyGamesToken: transferToken,
        UserId: user.userId,
        Nickname: user.nickname ?? null,
        ExpiresAt: now + MYGAMES_TRANSFER_TTL_MS,
      },
      GameData: { Game: input.Game },
      TransferState: accountId ? ('Transferred' as const) : ('NotTransferred' as const),
    },
  };
}

/**
 * `oauth/mygames/transfer`: the MY.GAMES user of a transfer token joins the account of the
 * session `Token` (a `MyGamesId` identity: from then on it signs in there); without a `Token`
 * it gets an account of its own, and the answer carries a session of it. The token is spent
 * in the same transaction and keeps the receiving account (the audit). One already on another
 * account is refused with `identity_taken`, and the token is not spent.
 */
export async function myGamesTransfer(
  ctx: AppContext,
  input: { Game: string; Token?: string | undefined; MyGamesToken: string },
  extras: { geoCountry: string | null },
) {
  const receiver = input.Token === undefined ? undefined : await ctx.sessions.resolve(input.Token);
  if (input.Token !== undefined && !receiver) throw new UnauthorizedError();
  const { session } = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const spent = await spendToken(trx, 'mygames_transfer_tokens', hashToken(input.MyGamesToken), now, (eb) =>
      eb('game', '=', input.Game),
    );
    if (!spent.spent) {
      if (spent.failure === 'expired') throw new ExpiredTokenError('MY.GAMES transfer');
      throw new InvalidTokenError('MY.GAMES transfer token');
    }
    const identity = { type: IDENTITY, id: spent.row.mygames_user_id };
    let accountId = receiver;
    if (accountId) {
      await linkIdentity(ctx, trx, accountId, identity, now);
    } else {
      // A MY.GAMES user proven by the token: a new account of it (or the one that took it meanwhile).
      accountId = (await accountForIdentity(trx, identity, { ...extras, locale: undefined }, now)).accountId;
    }
    await trx
      .updateTable('mygames_transfer_tokens')
      .set({ account_id: accountId })
      .where('id', '=', spent.row.id)
      .execute();
    return { session: receiver ? undefined : await ctx.sessions.create(accountId, trx) };
  });
  if (session) ctx.metrics.signedIn('mygames');
  return {
    Success: true as const,
    RedirectUri: `${ctx.config.publicUrl}${ctx.config.portal.routerBasePath}play/${input.Game}`,
    ...(session ? { Token: session } : {}),
  };
}
