import { randomInt, randomUUID } from 'node:crypto';
import { GameSystemNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { crazyGamesGameIdOf } from '../platforms/crazygames/crazygames-player.js';
import { hostScript, standInScript } from './host-script.js';

/**
 * The server half of the simulated CrazyGames (development only): it holds a key pair of its
 * own, publishes its public key as CrazyGames publishes publicKey.json (the dev default of
 * CRAZYGAMES_PUBLIC_KEY_URL points here), and signs user tokens as CrazyGames signs them
 * (RS256 JWT with userId, gameId, username, profilePictureUrl, iat, exp; security.md §6).
 */

/** The returning user of every game: one fixed CrazyGames id, so a second visit finds the same account. */
export const RETURNING_CRAZYGAMES_USER_ID = 'simCgReturning0001';

const NAMES = ['PixelFox', 'TurboLlama', 'QuietComet', 'MightyPear'];

/** One signing key per running app, made when first needed; never stored. */
const devKeys = new WeakMap<AppContext, ReturnType<typeof generateKeyPair>>();
function devKey(ctx: AppContext) {
  let key = devKeys.get(ctx);
  if (!key) {
    key = generateKeyPair('RS256', { extractable: true });
    devKeys.set(ctx, key);
  }
  return key;
}

/** A simulated CrazyGames user (the returning one or a new one), or null for a guest. */
export function simulatedCrazyGamesUser(kind: 'new' | 'returning' | 'guest', publicUrl: string) {
  if (kind === 'guest') return null;
  return {
    userId:
      kind === 'returning' ? RETURNING_CRAZYGAMES_USER_ID : `simCg${randomUUID().replaceAll('-', '').slice(0, 16)}`,
    username: NAMES[randomInt(NAMES.length)] ?? 'PixelFox',
    profilePictureUrl: `${publicUrl}/brand/logo.svg`,
  };
}

/** The user token CrazyGames' SDK gives this user in this game: one hour, as CrazyGames' are. */
export async function crazyGamesDevToken(
  ctx: AppContext,
  game: GameRecord,
  user: { userId: string; username: string; profilePictureUrl: string },
): Promise<string> {
  const gameId = crazyGamesGameIdOf(ctx, game);
  if (!gameId) throw new NotFoundError(`A game on CrazyGames called ${game.definition.GameSystemName}`);
  const now = Math.floor(ctx.now() / 1000);
  return new SignJWT({ ...user, gameId })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign((await devKey(ctx)).privateKey);
}

const UserSchema = z.object({
  userId: z.string().regex(/^[\w-]{1,64}$/),
  username: z.string().min(1).max(100),
  profilePictureUrl: z.string().max(500),
});

export function crazyGamesHostRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const crazyGame = async (name: string) => {
    const game = await ctx.catalog.find(name);
    if (!game?.definition.Platforms.includes('crazygames') || !crazyGamesGameIdOf(ctx, game))
      throw new NotFoundError(`A game on CrazyGames called ${name}`);
    return game;
  };
  return async (app) => {
    app.get('/dev/hosts/crazygames-host.js', { schema: { hide: true } }, hostScript('crazygames-host.js'));
    app.get('/dev/hosts/crazygames/sdk.js', { schema: { hide: true } }, standInScript('crazygames-sdk.js'));
    app.get('/dev/hosts/crazygames/publicKey.json', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-store').send({ publicKey: await exportSPKI((await devKey(ctx)).publicKey) }),
    );

    app.post(
      '/dev/hosts/crazygames/launch',
      {
        schema: {
          hide: true,
          body: z.object({ Game: GameSystemNameSchema, User: z.enum(['new', 'returning', 'guest']) }),
        },
      },
      async (request) => {
        const game = await crazyGame(request.body.Game);
        const base = ctx.config.portal.routerBasePath;
        return {
          Url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/crazygames`,
          GameId: crazyGamesGameIdOf(ctx, game),
          User: simulatedCrazyGamesUser(request.body.User, ctx.config.publicUrl),
        };
      },
    );

    // A guest who signs in through the auth prompt becomes a new CrazyGames user.
    app.post(
      '/dev/hosts/crazygames/new-user',
      { schema: { hide: true, body: z.object({ Game: GameSystemNameSchema }) } },
      async (request) => {
        await crazyGame(request.body.Game);
        return { User: simulatedCrazyGamesUser('new', ctx.config.publicUrl) };
      },
    );

    app.post(
      '/dev/hosts/crazygames/token',
      { schema: { hide: true, body: z.object({ Game: GameSystemNameSchema, User: UserSchema }) } },
      async (request) => ({
        Token: await crazyGamesDevToken(ctx, await crazyGame(request.body.Game), request.body.User),
      }),
    );
  };
}

/** The games the simulated CrazyGames can host (published on `crazygames`, with a game id here). */
export function crazyGamesHostGames(ctx: AppContext, games: GameRecord[]): string[] {
  return games
    .filter((game) => game.definition.Platforms.includes('crazygames') && crazyGamesGameIdOf(ctx, game))
    .map((game) => game.definition.GameSystemName);
}
