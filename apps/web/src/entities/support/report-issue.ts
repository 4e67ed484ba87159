import {
  SUPPORT_MESSAGE_MIN_LENGTH,
  SUPPORT_SUBJECTS,
  type SupportSubjectName as SupportSubject,
} from '@fxid/contract/support-rules';
import { bearerHeaders, unwrap } from '../../shared/api/call';
import type { ApiClient } from '../../shared/api/client';
import { isEmailAddress } from '../../shared/lib/email-address';

export interface ReportIssueValues {
  message: string;
  email: string;
  subject: string;
}

/** Translation keys of the form's messages (spec §5). */
export interface ReportIssueProblems {
  message?: 'support.messageRequired' | 'support.messageTooShort';
  email?: 'support.emailRequired' | 'support.emailInvalid';
  subject?: 'support.subjectRequired';
}

export function isSupportSubject(value: unknown): value is SupportSubject {
  return (SUPPORT_SUBJECTS as readonly unknown[]).includes(value);
}

/** Every rule of the report-issue form (spec §5); an empty object when it can be sent. */
export function reportIssueProblems(values: ReportIssueValues): ReportIssueProblems {
  const problems: ReportIssueProblems = {};
  const message = values.message.trim();
  if (message === '') problems.message = 'support.messageRequired';
  else if (message.length < SUPPORT_MESSAGE_MIN_LENGTH) problems.message = 'support.messageTooShort';
  const email = values.email.trim();
  if (email === '') problems.email = 'support.emailRequired';
  else if (!isEmailAddress(email)) problems.email = 'support.emailInvalid';
  if (!isSupportSubject(values.subject)) problems.subject = 'support.subjectRequired';
  return problems;
}

/** Spec §5: the sender name is the part of the email before the at sign. */
export function senderName(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at > 0 ? trimmed.slice(0, at) : trimmed;
}

/** POST /support/send-message (B): the form's values as the server takes them. */
export async function sendSupportMessage(
  api: ApiClient,
  token: string,
  game: string | undefined,
  values: ReportIssueValues,
): Promise<void> {
  const email = values.email.trim();
  await unwrap(
    api.POST('/api/v1/support/send-message', {
      headers: bearerHeaders(token),
      body: {
        ...(game ? { GameSystemName: game } : {}),
        Data: {
          Body: values.message.trim(),
          Email: email,
          Subject: values.subject as SupportSubject,
          Name: senderName(email),
        },
      },
    }),
  );
}
