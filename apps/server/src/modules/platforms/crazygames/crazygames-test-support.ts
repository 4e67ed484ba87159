import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import type { CrazyGamesConfig } from './crazygames-config.js';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;

/** sky-runner's CrazyGames game id in the platform tests; gem-garden's is another game's. */
export const TEST_CRAZYGAMES_GAME_ID = 'cg-sky-runner-4711';
export const OTHER_CRAZYGAMES_GAME_ID = 'cg-gem-garden-4712';

/**
 * A fake of CrazyGames' publicKey.json over real HTTP (security.md §6): it serves the
 * current key's PEM, signs user tokens as CrazyGames signs them (RS256), rotates its key
 * and counts how often the key was fetched.
 */
export interface FakeCrazyGames {
  config: CrazyGamesConfig;
  fetches(): number;
  /** A user token of the current key; options forge or age it. */
  token(userId: string, nowMs: number, options?: TokenOptions): Promise<string>;
  /** A new key pair served from now on; tokens of the old one no longer verify. */
  rotate(): Promise<void>;
  /** Answers 500 from now on (CrazyGames down), or serves again. */
  down(isDown: boolean): void;
  /** A key pair CrazyGames never published (forgeries). */
  strangerKey(): Promise<KeyPair>;
}

export interface TokenOptions {
  gameId?: string;
  ageSeconds?: number;
  lifetimeSeconds?: number;
  key?: KeyPair;
  username?: string;
}

/** Starts the fake for the enclosing describe block; its config is ready before the app starts. */
export function useFakeCrazyGames(): FakeCrazyGames {
  let server: Server | undefined;
  let port = 0;
  let key: KeyPair | undefined;
  let pem = '';
  let count = 0;
  let isDown = false;
  const newKey = async () => {
    key = await generateKeyPair('RS256', { extractable: true });
    pem = await exportSPKI(key.publicKey);
  };
  beforeAll(async () => {
    await newKey();
    server = createServer((request, response) => {
      count += 1;
      if (isDown || request.url !== '/publicKey.json') {
        response.writeHead(isDown ? 500 : 404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ publicKey: pem }));
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });
  const config: CrazyGamesConfig = {
    gameIds: { 'sky-runner': TEST_CRAZYGAMES_GAME_ID, 'gem-garden': OTHER_CRAZYGAMES_GAME_ID },
    devGameIdPrefix: undefined,
    // Read when the key is fetched, by then the fake listens.
    get publicKeyUrl() {
      return `http://127.0.0.1:${port}/publicKey.json`;
    },
    publicKeyTtlSeconds: 600,
    sdkUrl: 'dev/hosts/crazygames/sdk.js',
  };
  return {
    config,
    fetches: () => count,
    async token(userId, nowMs, options = {}) {
      const signer = options.key ?? key;
      if (!signer) throw new Error('the fake CrazyGames is not started yet');
      const iat = Math.floor(nowMs / 1000) - (options.ageSeconds ?? 5);
      return new SignJWT({
        userId,
        gameId: options.gameId ?? TEST_CRAZYGAMES_GAME_ID,
        username: options.username ?? `CrazyPlayer${userId}`,
        profilePictureUrl: 'https://images.crazygames.com/userportal/avatars/1.png',
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + (options.lifetimeSeconds ?? 3600))
        .sign(signer.privateKey);
    },
    rotate: newKey,
    down: (value) => {
      isDown = value;
    },
    strangerKey: () => generateKeyPair('RS256', { extractable: true }),
  };
}

export function signInWithCrazyGames(
  app: FastifyInstance,
  block: { Token: string; IsGuest: boolean },
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'CrazyGames', Game: 'sky-runner', CrazyGames: block, ...body },
  });
}
