import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { DEV_GAME_SECRET } from '../config.js';
import type { Database } from '../db/schema.js';
import { signGameUidProof } from '../modules/invites/game-uid-proof.js';
import { queuedEmails } from './sign-in.js';

let ipCounter = 0;
/** A fresh client address per call, so the per-IP limits of the routes stay out of the way. */
export const nextIp = () => `10.77.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

export function proofFor(nowMs: number, game: string, gameUid: string, secret = DEV_GAME_SECRET): string {
  return signGameUidProof(secret, game, gameUid, Math.floor(nowMs / 1000));
}

export function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers, remoteAddress: nextIp() });
}

/** The token of the newest game-connection email to an address. */
export async function latestConnectToken(db: Kysely<Database>, to: string): Promise<string> {
  const mail = (await queuedEmails(db)).filter((message) => message.to === to).at(-1);
  const token = mail?.text.match(/inviteToken=([\w-]+)&inviteType=connect_game/)?.[1];
  if (!token) throw new Error(`no game-connection email to ${to}`);
  return token;
}
