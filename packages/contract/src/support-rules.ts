/**
 * Rules of the report-issue form (spec §5), without zod, so the portal checks what the
 * server checks without loading the schemas.
 */

/** The subjects of the form, in the order offered; bug_report is the default. */
export const SUPPORT_SUBJECTS = [
  'bug_report',
  'payment_issues',
  'account_issues',
  'technical_issues',
  'gameplay_issues',
  'other',
] as const;
export type SupportSubjectName = (typeof SUPPORT_SUBJECTS)[number];

/** The shortest message the form accepts, counted after trimming. */
export const SUPPORT_MESSAGE_MIN_LENGTH = 10;
