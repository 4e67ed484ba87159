import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '../lib/webhook-signature.js';
import type { BuiltServer } from './built-server.js';
import { TEST_BROWSER_NONCE } from './sign-in.js';

/*
 * The purchase flow against the built server as a process, shared by the suites that kill or
 * restart it: a game's own server that records deliveries, sign-in through the dev mailbox,
 * placing an order and answering the sandbox payment form.
 */

export interface Delivery {
  eventId: string;
  transactionId: string;
  verified: boolean;
}

export interface PlacedOrder {
  id: string;
  checkoutId: string;
  /** The Pay choice was answered 200: the sandbox certainly took the payment. */
  knownPaid: boolean;
}

/**
 * The game's own server: records every delivery and may act (kill fxid) as one arrives.
 * While `hold` is set it records but does not answer, so deliveries stay in flight.
 */
export async function startGameServer(secret: string) {
  const deliveries: Delivery[] = [];
  const held: { end(): void }[] = [];
  const state = { hold: false, onDelivery: (_count: number) => {} };
  const http: Server = createServer((request, response) => {
    let body = '';
    // fxid killed mid-delivery resets the connection: that delivery simply never arrived.
    request.on('error', () => undefined);
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as { EventId: string; TransactionId: string };
      const signature = String(request.headers['x-fxid-signature'] ?? '');
      deliveries.push({
        eventId: parsed.EventId,
        transactionId: parsed.TransactionId,
        verified: verifyWebhook(signature, Buffer.from(body), [secret], Date.now()).ok,
      });
      state.onDelivery(deliveries.length);
      if (state.hold) held.push({ end: () => response.end('ok') });
      else response.end('ok');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/fxid-webhook`;
  const close = () => {
    for (const response of held.splice(0)) response.end();
    http.closeAllConnections();
    return new Promise((resolve) => http.close(resolve));
  };
  /** Answers every delivery held so far. */
  const release = () => {
    for (const response of held.splice(0)) response.end();
  };
  return { url, deliveries, state, close, release };
}

/** Where requests go: one built server, or a proxy in front of several. */
export type Origin = Pick<BuiltServer, 'url'>;

export async function api<T>(server: Origin, path: string, body: object, token?: string): Promise<T> {
  const response = await fetch(`${server.url}api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The invite token of the sign-in link mailed to an address, once it has arrived. */
export type LinkReader = (server: Origin, email: string) => Promise<string | undefined>;

/** The link on /dev/mailbox (the server has no SMTP_URL). */
export const devMailboxLink: LinkReader = async (server) =>
  (await (await fetch(`${server.url}dev/mailbox`)).text()).match(/inviteToken=([\w-]+)/)?.[1];

/** The dev sign-in: email invite with the dev robot check, the link from `readLink`, then a session. */
export async function signIn(server: Origin, email: string, readLink = devMailboxLink): Promise<string> {
  const browser = { BrowserNonce: TEST_BROWSER_NONCE };
  await api(server, 'invite/email_invite', { Email: email, CaptchaResult: 'dev-captcha-pass', ...browser });
  for (let i = 0; i < 200; i++) {
    const inviteToken = await readLink(server, email);
    if (inviteToken) {
      const signedIn = await api<{ Token: string }>(server, 'auth/authenticate_from_email_invite', {
        InviteToken: inviteToken,
        ...browser,
      });
      return signedIn.Token;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no sign-in link arrived for ${email}`);
}

export async function placeOrder(server: Origin, token: string, game: string, sku: string): Promise<PlacedOrder> {
  const created = await api<{ TransactionId: string; ConfirmationUrl: string }>(
    server,
    'store/create_payment',
    { Game: game, Sku: sku, WebPublishingPlatform: 'FxId' },
    token,
  );
  return { id: created.TransactionId, checkoutId: created.ConfirmationUrl.split('/').at(-1) ?? '', knownPaid: false };
}

/** The player's choice on the payment form page; false when the request died with the server. */
export async function choose(server: Origin, order: PlacedOrder, choice: 'Pay' | 'Decline'): Promise<boolean> {
  try {
    const response = await fetch(`${server.url}api/v1/store/payment_form/${order.checkoutId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ PublicId: order.id, Choice: choice }),
    });
    await response.text();
    if (response.ok && choice === 'Pay') order.knownPaid = true;
    return response.ok;
  } catch {
    return false;
  }
}
