import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import * as repo from './signing-keys-repository.js';

/** A GameJwt is good for one play session. */
export const GAME_JWT_TTL_S = 3600;
/** Other instances pick up a rotated key within this time. */
const KEY_RELOAD_MS = 60_000;
const ALG = 'ES256';

export interface GameJwtClaims {
  /** The player's id in the game (GameUid). */
  sub: string;
  /** The game's system name. */
  aud: string;
  account_id: string;
  platform: string;
  /**
   * What else the token is for, beyond naming the player to the game: `external_game_access`
   * (an external-id GameAccessToken, which also hands the player to the portal once, by `jti`).
   * `wrapper_sign_in` (FxLauncher / FxNative: `sub` is the account, the token signs it in once).
   * A plain GameJwt has none, so one read by a game's page can never start a portal session.
   */
  token_use?: 'external_game_access' | 'wrapper_sign_in';
  jti?: string;
}

/** Makes a new signing key; it signs from now on, and older keys stay published. */
export async function rotateSigningKey(db: Kysely<Database>, now: number): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
  const kid = newId();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALG };
  await repo.insertSigningKey(db, {
    kid,
    private_jwk: JSON.stringify(privateJwk),
    public_jwk: JSON.stringify(publicJwk),
    created_at: now,
    retired_at: null,
  });
  return kid;
}

export async function retireSigningKey(db: Kysely<Database>, kid: string, now: number): Promise<boolean> {
  return repo.retireKey(db, kid, now);
}

/**
 * Signs GameJwts with the newest active key and publishes all active public
 * keys, so a game server verifies players itself and rotation never breaks a
 * token already handed out.
 */
export function createGameJwtSigner(db: Kysely<Database>, issuer: string, now: () => number) {
  let loaded: { at: number; keys: { kid: string; private_jwk: string; public_jwk: string }[] } | undefined;

  async function activeKeys() {
    // A clock that went back (NTP step) also reloads, rather than pinning stale keys.
    const age = loaded ? now() - loaded.at : -1;
    if (loaded && age >= 0 && age < KEY_RELOAD_MS) return loaded.keys;
    const keys = await repo.listActiveKeys(db);
    if (keys.length === 0) {
      await rotateSigningKey(db, now());
      return activeKeys();
    }
    loaded = { at: now(), keys };
    return keys;
  }

  return {
    issuer,
    /** Signs `claims` for `ttlSeconds` (a play session's GAME_JWT_TTL_S unless told). */
    async sign(claims: GameJwtClaims, ttlSeconds = GAME_JWT_TTL_S): Promise<string> {
      const [newest] = await activeKeys();
      if (!newest) throw new Error('no signing key');
      const key = await importJWK(JSON.parse(newest.private_jwk) as JWK, ALG);
      const issuedAt = Math.floor(now() / 1000);
      const extra = claims.token_use ? { token_use: claims.token_use, jti: claims.jti } : {};
      return new SignJWT({ account_id: claims.account_id, platform: claims.platform, ...extra })
        .setProtectedHeader({ alg: ALG, kid: newest.kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(claims.aud)
        .setSubject(claims.sub)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async jwks(): Promise<{ keys: JWK[] }> {
      return { keys: (await activeKeys()).map((key) => JSON.parse(key.public_jwk) as JWK) };
    },
    /** Forgets loaded keys, so a rotation on this instance takes effect at once. */
    reload(): void {
      loaded = undefined;
    },
    /** Verifies a GameJwt as a game server would, against the published keys. */
    async verify(token: string, game: string) {
      const jwks = createLocalJWKSet(await this.jwks());
      const { payload } = await jwtVerify(token, jwks, {
        issuer,
        audience: game,
        algorithms: [ALG],
        currentDate: new Date(now()),
      });
      return payload;
    },
  };
}
export type GameJwtSigner = ReturnType<typeof createGameJwtSigner>;
