import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { MailMessage } from '../modules/mail/mailer.js';

/** The nonce the test "browser" keeps while it waits for its link, as the portal does. */
export const TEST_BROWSER_NONCE = 'test-browser-nonce-000000000000000000000';

/** The emails waiting in the outbox, newest last. */
export async function queuedEmails(db: Kysely<Database>): Promise<MailMessage[]> {
  const rows = await db
    .selectFrom('outbox')
    .select('payload_json')
    .where('kind', '=', 'email')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.payload_json) as MailMessage);
}

/** The invite token in the newest sign-in email to an address. */
export async function latestInviteToken(db: Kysely<Database>, to: string): Promise<string> {
  const mail = (await queuedEmails(db)).filter((message) => message.to === to).at(-1);
  const token = mail?.text.match(/inviteToken=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no sign-in email to ${to}`);
  return token;
}

/** Asks for a sign-in link from the test "browser" (its nonce unless `extra` says otherwise). */
export function requestLink(app: FastifyInstance, email: string, extra: Record<string, unknown> = {}, ip = '10.1.1.1') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/invite/email_invite',
    payload: { Email: email, CaptchaResult: 'dev-token', BrowserNonce: TEST_BROWSER_NONCE, ...extra },
    remoteAddress: ip,
  });
}

/** Signs in as a player would: asks for a link, opens it in the same browser, and returns the bearer token. */
export async function signIn(app: FastifyInstance, db: Kysely<Database>, email: string): Promise<string> {
  // Each test browser has an address of its own: sign-in is rate limited per address.
  const ip = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const asked = await requestLink(app, email, {}, ip);
  if (asked.statusCode !== 200) throw new Error(`email_invite answered ${asked.statusCode}: ${asked.body}`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_email_invite',
    payload: { InviteToken: await latestInviteToken(db, email), BrowserNonce: TEST_BROWSER_NONCE },
    remoteAddress: ip,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  return response.json().Token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
