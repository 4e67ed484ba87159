import type { SupportSubject } from '@fxid/contract';
import { escapeHtml } from '../../lib/escape-html.js';
import type { MailMessage } from '../mail/mailer.js';

/** How each subject reads in the support inbox. */
const SUBJECT_LABELS: Record<SupportSubject, string> = {
  bug_report: 'Bug report',
  payment_issues: 'Payment issue',
  account_issues: 'Account issue',
  technical_issues: 'Technical issue',
  gameplay_issues: 'Gameplay issue',
  other: 'Other',
};

/** Header lines carry no line breaks, whatever a value holds. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);

/**
 * The support email for one player message. The player's text is escaped into the
 * HTML and kept verbatim in the text part; replies go to the player.
 */
export function supportEmail(input: {
  id: string;
  to: string;
  game: string | undefined;
  subject: SupportSubject;
  body: string;
  email: string;
  senderName: string;
  accountId: string;
  deviceUid: string | undefined;
  sentAt: number;
}): MailMessage {
  const label = SUBJECT_LABELS[input.subject];
  const where = input.game ?? 'portal';
  const facts: [string, string][] = [
    ['From', `${input.senderName} <${input.email}>`],
    ['Game', where],
    ['Subject', label],
    ['Account', input.accountId],
    ...(input.deviceUid ? ([['Device', input.deviceUid]] as [string, string][]) : []),
    ['Sent', new Date(input.sentAt).toISOString()],
    ['Message id', input.id],
  ];
  const text = `${facts.map(([name, value]) => `${name}: ${value}`).join('\n')}\n\n${input.body}\n`;
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><body style="font-family:system-ui,sans-serif;color:#17202e">
<table role="presentation" cellpadding="4" cellspacing="0">
${facts.map(([name, value]) => `<tr><th align="left">${e(name)}</th><td>${e(value)}</td></tr>`).join('\n')}
</table>
<div style="white-space:pre-wrap;border-top:1px solid #d5dae3;margin-top:16px;padding-top:16px">${e(input.body)}</div>
</body></html>
`;
  return {
    to: input.to,
    subject: oneLine(`[${where}] ${label} from ${input.senderName}`),
    text,
    html,
    replyTo: input.email,
  };
}
