import type { SupportMessageRequest } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, ServiceUnavailableError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import { enqueue } from '../outbox/outbox.js';
import { supportEmail } from './support-email.js';
import { insertSupportMessage } from './support-repository.js';

/** The sender name the form sends: the part of the email before the at sign (spec §5). */
export function senderNameOf(email: string): string {
  return email.slice(0, email.lastIndexOf('@'));
}

/**
 * Stores a player's message and mails it, through the outbox, to the game's
 * support address or the portal's. Both happen in one transaction, so a stored
 * message is always delivered and a delivered one always stored.
 */
export async function sendSupportMessage(
  ctx: AppContext,
  accountId: string,
  request: SupportMessageRequest,
): Promise<{ Success: true; Id: string }> {
  const game = request.GameSystemName === undefined ? undefined : await ctx.catalog.find(request.GameSystemName);
  if (request.GameSystemName !== undefined && !game) throw new GameNotFoundError(request.GameSystemName);
  const to = game?.definition.SupportEmail ?? ctx.config.supportEmail;
  if (!to) throw new ServiceUnavailableError('Support mail');

  const { Body, Email, Subject, DeviceUid } = request.Data;
  const id = newId();
  const now = ctx.now();
  const senderName = senderNameOf(Email);
  const message = supportEmail({
    id,
    to,
    game: game?.definition.GameSystemName,
    subject: Subject,
    body: Body,
    email: Email,
    senderName,
    accountId,
    deviceUid: DeviceUid,
    sentAt: now,
  });
  await ctx.db.transaction().execute(async (trx) => {
    await insertSupportMessage(trx, {
      id,
      account_id: accountId,
      game_id: game?.id ?? null,
      email: Email,
      sender_name: senderName,
      subject: Subject,
      body: Body,
      device_uid: DeviceUid ?? null,
      sent_to: to,
      created_at: now,
    });
    await enqueue(trx, 'email', message, now);
  });
  return { Success: true, Id: id };
}
