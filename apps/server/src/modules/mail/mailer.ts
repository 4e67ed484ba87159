import type { Kysely } from 'kysely';
import { createTransport } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { insertMail } from './dev-mailbox-repository.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (a player's address on support mail); SMTP only. */
  replyTo?: string;
}

/** Delivers one message or throws; the outbox retries failures. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise the dev mailbox (config refuses that in production). */
export function createMailer(config: Config, db: Kysely<Database>, now: () => number): Mailer {
  return config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : createDevMailbox(db, now);
}

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Keeps mail in the database, readable at /dev/mailbox, for local use without a mail server. */
function createDevMailbox(db: Kysely<Database>, now: () => number): Mailer {
  return {
    kind: 'dev-mailbox',
    async send(message) {
      await insertMail(db, {
        id: newId(),
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: now(),
      });
    },
  };
}
