import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { signaturesEqual } from '../signing.js';
import type { AgApp } from './ag-config.js';

/**
 * The payment token our server gives the host's ShowPayment (spec store §3,
 * `AbsoluteGames.Token`): `{payload}.{mac}`, the payload base64url JSON of what AG charges
 * (sku, amount in roubles, the AG player, our reference `ref`) so that AG's payment window
 * can show and charge it; the MAC, with the game's AG secret, also covers our account id, so
 * a token is good only for the account it was issued to (security.md §0.6: the client names
 * nothing). `ref` is the OrderId by which the portal finds the paid order.
 */

const PayloadSchema = z
  .object({
    ref: z.string().regex(/^agp_[\w-]{22}$/),
    sku: z.string().min(1).max(64),
    amount: z.number().int().positive(),
    currency: z.literal('RUB'),
    player_id: z.string().min(1).max(64),
  })
  .strict();
export type AgTokenPayload = z.infer<typeof PayloadSchema>;

const mac = (secret: string, gameId: string, accountId: string, payload: string) =>
  createHmac('sha256', secret)
    .update(`ag-payment-token\n${gameId}\n${accountId}\n${payload}`)
    .digest()
    .subarray(0, 18)
    .toString('base64url');

export function issueAgPaymentToken(
  app: AgApp,
  gameId: string,
  accountId: string,
  charge: Omit<AgTokenPayload, 'ref'>,
): { token: string; ref: string } {
  const ref = `agp_${randomBytes(16).toString('base64url')}`;
  const payload = Buffer.from(JSON.stringify({ ref, ...charge })).toString('base64url');
  return { token: `${payload}.${mac(app.secrets[0] ?? '', gameId, accountId, payload)}`, ref };
}

/** What a token says, read without trusting it: AG shows it, and our server finds the player by it. */
export function readAgPaymentToken(token: string): AgTokenPayload | undefined {
  const [payload = '', given, extra] = token.split('.');
  if (!given || extra !== undefined || payload.length > 1024) return undefined;
  try {
    const parsed = PayloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `token` was issued by issueAgPaymentToken for this account and game (any current secret). */
export function isAgPaymentTokenOf(app: AgApp, gameId: string, accountId: string, token: string): boolean {
  const [payload = '', given = ''] = token.split('.');
  return app.secrets.some((secret) => signaturesEqual(mac(secret, gameId, accountId, payload), given));
}
